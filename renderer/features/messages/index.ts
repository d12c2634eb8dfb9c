/** The messages feature's front door. */
export { loadMessagesDialog } from './load';
export { unreadMessagesQuery } from './api';

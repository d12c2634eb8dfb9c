/** The messages feature's front door. */
export { loadMessagesDialog } from './load';

/** The linked accounts feature's front door. */
export { loadLinkedAccountsDialog } from './load';

/** The client download feature's front door. */
export { loadClientDownloadDialog } from './load';

/** The about feature's front door: what the shell and the pages may use of it. */
export { useVersionCheck } from './use-version-check';
export { loadAboutDialog } from './load';

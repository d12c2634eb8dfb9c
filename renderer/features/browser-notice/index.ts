/** The old-browser notice's front door: its one rule. */
export { isOutdatedInternetExplorer } from './browser-notice';

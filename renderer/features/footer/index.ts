/** The footer feature's front door. */
export { Footer } from './footer';
export { openHelpCentre } from './help-centre';

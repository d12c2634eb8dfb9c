/** The viewport feature's front door. */
export { Viewport } from './viewport';

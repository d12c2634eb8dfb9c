/** The zoom warning's front door. */
export { ZoomWarning } from './zoom-warning';

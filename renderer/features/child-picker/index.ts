/** The child picker's front door. */
export { loadChildPicker } from './load';

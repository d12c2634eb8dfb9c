/** The client update bar's front door. */
export { UpdateBar } from './update-bar';

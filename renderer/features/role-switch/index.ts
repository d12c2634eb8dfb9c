/** The role switch feature's front door. */
export { RoleSwitcher } from './role-switcher';

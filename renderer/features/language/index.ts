/** The language feature's front door. */
export { LanguageSwitcher } from './language-switcher';

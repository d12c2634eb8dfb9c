/** The theme feature's front door: the saved theme and the dialog that changes it. */
export { isAdminQuery, savedThemeQuery, saveTheme } from './api';
export { applyMode } from './theme-choice';
export type { ThemeSelection } from './theme-dialog';
export { loadThemeDialog } from './load';

/**
 * The theme dialog's code, downloaded when the dialog is first opened.
 * A module of its own, so that the index only re-exports (scripts/vite/feature-index.ts).
 */
export const loadThemeDialog = () => import('./theme-dialog');

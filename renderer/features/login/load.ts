/**
 * The login dialog's code, for pages that download it only when the session ends mid-page.
 * A module of its own, so that the index only re-exports (scripts/vite/feature-index.ts).
 */
export const loadLoginDialog = () => import('./login-dialog');

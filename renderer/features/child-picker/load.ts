/**
 * The child picker's code, downloaded when the picker is first opened.
 * A module of its own, so that the index only re-exports (scripts/vite/feature-index.ts).
 */
export const loadChildPicker = () => import('./child-picker');

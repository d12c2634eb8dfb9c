/**
 * The to-do panel's code, downloaded when the panel first opens (or with the counts).
 * A module of its own, so that the index only re-exports (scripts/vite/feature-index.ts).
 */
export const loadTodoPanel = () => import('./todo-panel');

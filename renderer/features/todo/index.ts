/** The to-do feature's front door: when the panel shows, its first page, and the panel. */
export { prefetchFirstTodoPage, TODO_PAGES, todoPageQuery } from './api';
export { readTodoClosedFlag, shouldShowTodoPanel } from './todo-rules';
export { loadTodoPanel } from './load';

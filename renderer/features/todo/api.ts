import { DESKTOP_API } from '../../../contract/api-paths';
import type { PopupList } from '../../../contract/desktop';
import { TODO_PAGE_SIZE } from '../../../contract/desktop-codes';
import { http } from '../../core/http/http';
import { queryCache, type Query } from '../../core/query/query-cache';
import { toPopupList } from './todo-wire';

/** One page of unread to-do items (spec §7 popUpBox_select: start is the 1-based page). */
export async function fetchTodoPage(page: number, signal?: AbortSignal): Promise<PopupList> {
  const envelope = await http.get(
    DESKTOP_API.popUpBox,
    { start: page, size: TODO_PAGE_SIZE },
    { signal },
  );
  return toPopupList(envelope.data);
}

/** The key every page of the to-do panel starts with. */
export const TODO_PAGES = ['todo-page'] as const;

/** One page of the to-do panel, as the query cache knows it. */
export function todoPageQuery(page: number): Query<PopupList> {
  return { key: [...TODO_PAGES, page], fetch: (signal) => fetchTodoPage(page, signal) };
}

/**
 * Starts the first page's call with the desktop's other calls: the panel that opens by itself
 * after sign-in (spec §4) then draws its items without a request of its own on the way.
 */
export function prefetchFirstTodoPage(): void {
  queryCache.prefetch(todoPageQuery(1));
}

/** 'ignore': the item is marked read (spec §7 message_update_statusby_id). */
export async function markTodoRead(desktopMessageId: string): Promise<void> {
  await http.post(DESKTOP_API.messageReadById, { desktopMessageId });
}

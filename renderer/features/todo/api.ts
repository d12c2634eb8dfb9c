import { DESKTOP_API } from '../../../contract/api-paths';
import type { PopupList } from '../../../contract/desktop';
import { TODO_PAGE_SIZE } from '../../../contract/desktop-codes';
import { http } from '../../core/http/http';
import { Prefetch } from '../../core/prefetch';
import { toPopupList } from './todo-wire';

/** One page of unread to-do items (spec §7 popUpBox_select: start is the 1-based page). */
export async function fetchTodoPage(page: number): Promise<PopupList> {
  const envelope = await http.get(DESKTOP_API.popUpBox, { start: page, size: TODO_PAGE_SIZE });
  return toPopupList(envelope.data);
}

/** A prefetched first page is used only while this fresh; an older one is fetched again. */
const PREFETCH_FRESH_MS = 10_000;
const FIRST_PAGE = 'first';
const prefetchedFirst = new Prefetch<PopupList>(PREFETCH_FRESH_MS);

/**
 * Starts the first page's call with the desktop's other calls: the panel that opens by itself
 * after sign-in (spec §4) then draws its items without a request of its own on the way.
 */
export function prefetchFirstTodoPage(): void {
  prefetchedFirst.put(FIRST_PAGE, fetchTodoPage(1));
}

/** The prefetched first page (once, while fresh), else a fresh call. */
export function takeFirstTodoPage(): Promise<PopupList> {
  return prefetchedFirst.take(FIRST_PAGE, () => fetchTodoPage(1));
}

/** 'ignore': the item is marked read (spec §7 message_update_statusby_id). */
export async function markTodoRead(desktopMessageId: string): Promise<void> {
  await http.post(DESKTOP_API.messageReadById, { desktopMessageId });
}

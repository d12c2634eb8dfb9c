import { DESKTOP_API } from '../../../contract/api-paths';
import type { PopupList } from '../../../contract/desktop';
import { TODO_PAGE_SIZE } from '../../../contract/desktop-codes';
import { http } from '../../core/http/http';
import { toPopupList } from './todo-wire';

/** One page of unread to-do items (spec §7 popUpBox_select: start is the 1-based page). */
export async function fetchTodoPage(page: number): Promise<PopupList> {
  const envelope = await http.get(DESKTOP_API.popUpBox, { start: page, size: TODO_PAGE_SIZE });
  return toPopupList(envelope.data);
}

/** A prefetched first page is used only while this fresh; an older one is fetched again. */
const PREFETCH_FRESH_MS = 10_000;
let prefetchedFirst: { at: number; answer: Promise<PopupList> } | null = null;

/**
 * Starts the first page's call with the desktop's other calls: the panel that opens by itself
 * after sign-in (spec §4) then draws its items without a request of its own on the way.
 */
export function prefetchFirstTodoPage(): void {
  const answer = fetchTodoPage(1);
  // Whoever takes it handles a failure; one left untaken must not be an unhandled rejection.
  answer.catch(() => undefined);
  prefetchedFirst = { at: Date.now(), answer };
}

/** The prefetched first page (once, while fresh), else a fresh call. */
export function takeFirstTodoPage(): Promise<PopupList> {
  const taken = prefetchedFirst;
  prefetchedFirst = null;
  return taken !== null && Date.now() - taken.at <= PREFETCH_FRESH_MS
    ? taken.answer
    : fetchTodoPage(1);
}

/** 'ignore': the item is marked read (spec §7 message_update_statusby_id). */
export async function markTodoRead(desktopMessageId: string): Promise<void> {
  await http.post(DESKTOP_API.messageReadById, { desktopMessageId });
}

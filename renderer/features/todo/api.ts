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

/** 'ignore': the item is marked read (spec §7 message_update_statusby_id). */
export async function markTodoRead(desktopMessageId: string): Promise<void> {
  await http.post(DESKTOP_API.messageReadById, { desktopMessageId });
}

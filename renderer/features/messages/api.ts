import { DESKTOP_API } from '../../../contract/api-paths';
import type { DesktopMessage } from '../../../contract/desktop';
import { http } from '../../core/http/http';
import type { Query } from '../../core/query/query-cache';
import { toDesktopMessages } from './message-wire';

/** The unread messages of the signed-in user (spec §7 message_select_not_read). */
export async function fetchUnreadMessages(): Promise<DesktopMessage[]> {
  const envelope = await http.get(DESKTOP_API.messagesNotRead);
  return toDesktopMessages(envelope.data);
}

/** The unread messages as the query cache knows them (the dialog's list, the attention poll). */
export function unreadMessagesQuery(): Query<DesktopMessage[]> {
  return { key: ['unread-messages'], fetch: () => fetchUnreadMessages() };
}

/** 'ignore all' (spec §7 message_update_status_by_me): every unread message becomes read. */
export async function markAllMessagesRead(): Promise<void> {
  await http.post(DESKTOP_API.messagesReadAll);
}

/** Marks one message read (spec §7 message_update_statusby_id). */
export async function markMessageRead(desktopMessageId: string): Promise<void> {
  await http.post(DESKTOP_API.messageReadById, { desktopMessageId });
}

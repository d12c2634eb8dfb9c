import { isWireRecord, wireInteger, wireText } from '../../core/wire';
import type { DesktopMessage } from '../../../contract/desktop';

/**
 * The unread list as the renderer uses it: entries without an id are dropped (they could not be
 * marked read), every other field is filled, so the dialog never renders `undefined`.
 */
export function toDesktopMessages(data: unknown): DesktopMessage[] {
  if (!Array.isArray(data)) return [];
  const messages: DesktopMessage[] = [];
  for (const item of data as unknown[]) {
    if (!isWireRecord(item)) continue;
    const id = wireText(item.id);
    if (id === '') continue;
    messages.push({
      id,
      messageMeno: wireText(item.messageMeno),
      importance: wireInteger(item.importance, 1),
      module: wireText(item.module),
      messageDate: wireText(item.messageDate),
      url: wireText(item.url),
      openWay: wireInteger(item.openWay, 0),
      content: wireText(item.content),
    });
  }
  return messages;
}

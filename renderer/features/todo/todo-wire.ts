import { isWireRecord, wireCount, wireText } from '../../core/wire';
import type { DesktopMessage, PopupList } from '../../../contract/desktop';

function toItem(value: unknown): DesktopMessage | null {
  if (!isWireRecord(value)) return null;
  const id = wireText(value.id);
  if (id === '') return null;
  return {
    id,
    messageMeno: wireText(value.messageMeno),
    importance: wireCount(value.importance) || 1,
    module: wireText(value.module),
    messageDate: wireText(value.messageDate),
    url: wireText(value.url),
    openWay: wireCount(value.openWay),
    content: wireText(value.content),
  };
}

/**
 * The popup list (spec §3: list, pages, total) read leniently: items without an id are dropped
 * (they could not be ignored), counts that are not whole numbers count as 0.
 */
export function toPopupList(data: unknown): PopupList {
  if (!isWireRecord(data)) return { list: [], pages: 0, total: 0 };
  const list = Array.isArray(data.list)
    ? (data.list as unknown[]).map(toItem).filter((item) => item !== null)
    : [];
  return { list, pages: wireCount(data.pages), total: wireCount(data.total) };
}

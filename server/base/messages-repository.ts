import type { DesktopMessage, ModuleExpiryItem, UnreadCounts } from '../../contract/desktop';
import { OPEN_WAY_EXPIRY_DIALOG } from '../../contract/desktop-codes';
import type { Sql } from '../db/sql';
import { formatChinaTime } from './china-time';
import type { UnreadCountsCache } from './unread-counts';

export type MessageKind = 'message' | 'todo';

interface MessageRow {
  id: number;
  message_meno: string;
  importance: number;
  module: string;
  created_at: number;
  url: string;
  open_way: number;
  content: string;
}

const COLUMNS = 'id, message_meno, importance, module, created_at, url, open_way, content';

const UNREAD_OF = `SELECT ${COLUMNS} FROM desktop_messages
  WHERE user_id = ? AND kind = ? AND read_at IS NULL ORDER BY created_at DESC, id DESC`;
const PAGE_OF = `SELECT ${COLUMNS} FROM desktop_messages
  WHERE user_id = ? AND kind = ? AND read_at IS NULL ORDER BY created_at DESC, id DESC
  LIMIT ? OFFSET ?`;
const COUNT_OF = `SELECT COUNT(*) AS total FROM desktop_messages
  WHERE user_id = ? AND kind = ? AND read_at IS NULL`;
const READ_ALL = `UPDATE desktop_messages SET read_at = ?
  WHERE user_id = ? AND kind = ? AND read_at IS NULL`;
const READ_ONE = `UPDATE desktop_messages SET read_at = ?
  WHERE id = ? AND user_id = ? AND read_at IS NULL`;
const OWNER_OF = 'SELECT user_id FROM desktop_messages WHERE id = ?';

/**
 * Expands an expiry message's stored module codes into expiry items of the caller's unit, at
 * answer time, so the dialog shows today's statuses.
 */
export type ExpiryExpander = (codes: readonly string[]) => Promise<ModuleExpiryItem[]>;

function parseCodes(content: string): string[] {
  try {
    const parsed: unknown = JSON.parse(content);
    return Array.isArray(parsed)
      ? parsed.filter((code): code is string => typeof code === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Desktop messages and to-do items of a user; every query is scoped to that user. */
export class MessagesRepository {
  constructor(
    private readonly sql: Sql,
    private readonly unreadCounts: UnreadCountsCache,
  ) {}

  private async toWire(row: MessageRow, expand: ExpiryExpander): Promise<DesktopMessage> {
    const content =
      row.open_way === OPEN_WAY_EXPIRY_DIALOG
        ? JSON.stringify(await expand(parseCodes(row.content)))
        : row.content;
    return {
      id: String(row.id),
      messageMeno: row.message_meno,
      importance: row.importance,
      module: row.module,
      messageDate: formatChinaTime(row.created_at),
      url: row.url,
      openWay: row.open_way,
      content,
    };
  }

  /** One after the other: an expiry message reads the licences, one query at a time. */
  private async toWireAll(
    rows: readonly MessageRow[],
    expand: ExpiryExpander,
  ): Promise<DesktopMessage[]> {
    const list: DesktopMessage[] = [];
    for (const row of rows) list.push(await this.toWire(row, expand));
    return list;
  }

  async unread(
    userId: number,
    kind: MessageKind,
    expand: ExpiryExpander,
  ): Promise<DesktopMessage[]> {
    return this.toWireAll(await this.sql.all<MessageRow>(UNREAD_OF, [userId, kind]), expand);
  }

  /** One page (1-based) of the unread items of a kind, and how many there are. */
  async page(
    userId: number,
    kind: MessageKind,
    page: number,
    size: number,
    expand: ExpiryExpander,
  ): Promise<{ list: DesktopMessage[]; total: number }> {
    const total = await this.count(userId, kind);
    const rows = await this.sql.all<MessageRow>(PAGE_OF, [userId, kind, size, (page - 1) * size]);
    return { list: await this.toWireAll(rows, expand), total };
  }

  async count(userId: number, kind: MessageKind): Promise<number> {
    return (await this.sql.get<{ total: number }>(COUNT_OF, [userId, kind]))?.total ?? 0;
  }

  /** Both unread counts, the desktop's poll (server/base/unread-counts.ts). */
  counts(userId: number): Promise<UnreadCounts> {
    return this.unreadCounts.counts(userId);
  }

  /** Marks all the user's unread items of a kind read; returns how many changed. */
  async markAllRead(userId: number, kind: MessageKind, now: number): Promise<number> {
    const { changes } = await this.sql.run(READ_ALL, [now, userId, kind]);
    if (changes > 0) this.unreadCounts.forgetUser(userId);
    return changes;
  }

  /**
   * Marks one of the user's items read. 'missing' when no such item is the user's (someone
   * else's id answers the same, so ids reveal nothing); 'ok' also when it was already read.
   */
  async markRead(userId: number, id: number, now: number): Promise<'ok' | 'missing'> {
    // The update names the user, so it never touches another's item; when it changed nothing,
    // the item was already read (ok) or is not the user's (missing).
    const { changes } = await this.sql.run(READ_ONE, [now, id, userId]);
    if (changes === 1) {
      this.unreadCounts.forgetUser(userId);
      return 'ok';
    }
    const owner = await this.sql.get<{ user_id: number }>(OWNER_OF, [id]);
    return owner?.user_id === userId ? 'ok' : 'missing';
  }
}

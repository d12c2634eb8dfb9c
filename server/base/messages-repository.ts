import type { Database, Statement } from 'better-sqlite3';
import type { DesktopMessage, ModuleExpiryItem, UnreadCounts } from '../../contract/desktop';
import { OPEN_WAY_EXPIRY_DIALOG } from '../../contract/desktop-codes';
import { formatChinaTime } from './china-time';

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

/**
 * Expands an expiry message's stored module codes into expiry items of the caller's unit, at
 * answer time, so the dialog shows today's statuses.
 */
export type ExpiryExpander = (codes: readonly string[]) => ModuleExpiryItem[];

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
  private readonly unreadOf: Statement<[number, string], MessageRow>;
  private readonly pageOf: Statement<[number, string, number, number], MessageRow>;
  private readonly countOf: Statement<[number, string], { total: number }>;
  private readonly readAll: Statement<[number, number, string]>;
  private readonly readOne: Statement<[number, number, number]>;
  private readonly ownerOf: Statement<[number], { user_id: number }>;

  constructor(db: Database) {
    this.unreadOf = db.prepare(
      `SELECT ${COLUMNS} FROM desktop_messages
       WHERE user_id = ? AND kind = ? AND read_at IS NULL ORDER BY created_at DESC, id DESC`,
    );
    this.pageOf = db.prepare(
      `SELECT ${COLUMNS} FROM desktop_messages
       WHERE user_id = ? AND kind = ? AND read_at IS NULL ORDER BY created_at DESC, id DESC
       LIMIT ? OFFSET ?`,
    );
    this.countOf = db.prepare(
      `SELECT COUNT(*) AS total FROM desktop_messages
       WHERE user_id = ? AND kind = ? AND read_at IS NULL`,
    );
    this.readAll = db.prepare(
      `UPDATE desktop_messages SET read_at = ?
       WHERE user_id = ? AND kind = ? AND read_at IS NULL`,
    );
    this.readOne = db.prepare(
      `UPDATE desktop_messages SET read_at = ?
       WHERE id = ? AND user_id = ? AND read_at IS NULL`,
    );
    this.ownerOf = db.prepare('SELECT user_id FROM desktop_messages WHERE id = ?');
  }

  private toWire(row: MessageRow, expand: ExpiryExpander): DesktopMessage {
    const content =
      row.open_way === OPEN_WAY_EXPIRY_DIALOG
        ? JSON.stringify(expand(parseCodes(row.content)))
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

  unread(userId: number, kind: MessageKind, expand: ExpiryExpander): DesktopMessage[] {
    return this.unreadOf.all(userId, kind).map((row) => this.toWire(row, expand));
  }

  /** One page (1-based) of the unread items of a kind, and how many there are. */
  page(
    userId: number,
    kind: MessageKind,
    page: number,
    size: number,
    expand: ExpiryExpander,
  ): { list: DesktopMessage[]; total: number } {
    const total = this.count(userId, kind);
    const list = this.pageOf
      .all(userId, kind, size, (page - 1) * size)
      .map((row) => this.toWire(row, expand));
    return { list, total };
  }

  count(userId: number, kind: MessageKind): number {
    return this.countOf.get(userId, kind)?.total ?? 0;
  }

  counts(userId: number): UnreadCounts {
    return { todo: this.count(userId, 'todo'), message: this.count(userId, 'message') };
  }

  /** Marks all the user's unread items of a kind read; returns how many changed. */
  markAllRead(userId: number, kind: MessageKind, now: number): number {
    return this.readAll.run(now, userId, kind).changes;
  }

  /**
   * Marks one of the user's items read. 'missing' when no such item is the user's (someone
   * else's id answers the same, so ids reveal nothing); 'ok' also when it was already read.
   */
  markRead(userId: number, id: number, now: number): 'ok' | 'missing' {
    if (this.ownerOf.get(id)?.user_id !== userId) return 'missing';
    this.readOne.run(now, id, userId);
    return 'ok';
  }
}

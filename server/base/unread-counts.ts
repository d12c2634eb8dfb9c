import type { UnreadCounts } from '../../contract/desktop';
import type { NoticeHearer } from '../db/change-notices';
import type { Sql } from '../db/sql';
import { boundedSet } from '../bounded-map';

/**
 * The channel on which PostgreSQL announces changed unread counts: the trigger that keeps them
 * (server/db/migrations.ts, version 18) sends the user's decimal id when the transaction that
 * changed them commits, whoever wrote (a node of either version, the admin tool).
 */
export const UNREAD_COUNTS_CHANNEL = 'edudesk_unread_counts';

/**
 * On SQLite, how long counts are trusted before the node asks whether another process (the admin
 * tool) wrote to the database: a message it leaves is counted within this delay. The desktop asks
 * once a minute.
 */
export const ELSEWHERE_CHECK_MS = 1000;

/** Both counts by the user's key, as the database keeps them (migrations.ts, version 17). */
const COUNTS_OF = 'SELECT kind, unread AS total FROM desktop_unread_counts WHERE user_id = ?';

/** Changes SQLite saw committed by other connections since this one last asked. */
const DATA_VERSION = 'PRAGMA data_version';

export interface UnreadCountsOptions {
  now: () => number;
  maxEntries?: number;
  /** Starts keeping nothing until `resume` (on PostgreSQL, until the node listens). */
  suspended?: boolean;
}

/**
 * Each signed-in user's unread counts, as the node last read them: the desktop of every signed-in
 * user asks them once a minute (docs/scale-out.md, "The desktop's poll of new messages"), and most
 * of those answers are unchanged.
 *
 * What this node writes it forgets at once (`forgetUser`, called by the messages repository after
 * each write). What other processes write it hears of: on PostgreSQL by the notices of
 * `UNREAD_COUNTS_CHANNEL` (server/db/change-notices.ts), keeping nothing while it cannot
 * hear; on SQLite by `PRAGMA data_version`, asked at most every `ELSEWHERE_CHECK_MS`.
 */
export class UnreadCountsCache implements NoticeHearer {
  private readonly kept = new Map<number, UnreadCounts>();
  private readonly now: () => number;
  private readonly maxEntries: number;
  private suspended: boolean;
  /** Counts forgetting, so that a read a change overtook is not kept. */
  private changes = 0;
  /** SQLite: when `PRAGMA data_version` was last asked, and what it said. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private dataVersion: number | undefined;

  constructor(
    private readonly sql: Sql,
    options: UnreadCountsOptions,
  ) {
    this.now = options.now;
    this.maxEntries = options.maxEntries ?? 50_000;
    this.suspended = options.suspended ?? false;
  }

  async counts(userId: number): Promise<UnreadCounts> {
    if (this.sql.dialect === 'sqlite') await this.noticeOtherProcesses();
    const kept = this.kept.get(userId);
    if (kept) return kept;
    const changes = this.changes;
    const rows = await this.sql.all<{ kind: string; total: number }>(COUNTS_OF, [userId]);
    const of = (kind: string) => rows.find((row) => row.kind === kind)?.total ?? 0;
    const counts = { todo: of('todo'), message: of('message') };
    if (!this.suspended && this.changes === changes) {
      boundedSet(this.kept, userId, counts, this.maxEntries);
    }
    return counts;
  }

  /** The user's counts changed (this node wrote, or another process announced it). */
  forgetUser(userId: number): void {
    this.changes += 1;
    this.kept.delete(userId);
  }

  /** Any counts may have changed. */
  forgetAll(): void {
    this.changes += 1;
    this.kept.clear();
  }

  /** The node cannot hear of other processes' changes: keep nothing until `resume`. */
  suspend(): void {
    this.suspended = true;
    this.forgetAll();
  }

  /** The node hears again; a read begun before now may have missed a change nobody heard. */
  resume(): void {
    this.changes += 1;
    this.suspended = false;
  }

  /** Forgets everything once another connection committed (SQLite's admin tool). */
  private async noticeOtherProcesses(): Promise<void> {
    const now = this.now();
    if (now - this.checkedAt < ELSEWHERE_CHECK_MS) return;
    this.checkedAt = now;
    const row = await this.sql.get<{ data_version: number }>(DATA_VERSION);
    const version = Number(row?.data_version);
    if (version !== this.dataVersion) this.forgetAll();
    this.dataVersion = version;
  }
}

import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { listenForNotices } from '../db/change-notices';
import type { Sql, SqlParams } from '../db/sql';
import { eventually } from '../testing/eventually';
import { gate } from '../testing/gate';
import { createClock, type TestClock } from '../testing/test-app';
import {
  openTestDatabase,
  TEST_POSTGRES_URL,
  type TestDatabaseLocation,
} from '../testing/test-database';
import { MessagesRepository } from './messages-repository';
import { ELSEWHERE_CHECK_MS, UNREAD_COUNTS_CHANNEL, UnreadCountsCache } from './unread-counts';

const USER = 7;
const OTHER = 8;
const MESSAGE = `INSERT INTO desktop_messages (user_id, kind, message_meno, importance, created_at)
  VALUES (?, ?, 'M', 3, 0)`;

/** The node's database, counting the statements it is asked and able to hold one query. */
class WatchedSql {
  readonly asked: string[] = [];
  held: Promise<void> | undefined;
  readonly client: Sql;

  constructor(readonly sql: Sql) {
    this.client = this.watching(sql);
  }

  /** How many times the counts were read from the database. */
  get countReads(): number {
    return this.asked.filter((text) => text.includes('desktop_unread_counts')).length;
  }

  private watching = (sql: Sql): Sql => ({
    dialect: sql.dialect,
    all: async <Row>(text: string, params?: SqlParams): Promise<Row[]> => {
      this.asked.push(text);
      const rows = await this.sql.all<Row>(text, params);
      await this.held;
      return rows;
    },
    get: <Row>(text: string, params?: SqlParams) => {
      this.asked.push(text);
      return this.sql.get<Row>(text, params);
    },
    run: (text, params) => this.sql.run(text, params),
    transaction: (work) => this.sql.transaction(work),
    exec: (script) => this.sql.exec(script),
    close: () => this.sql.close(),
  });
}

describe('each user’s unread counts kept by the node', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  interface Node {
    clock: TestClock;
    watched: WatchedSql;
    cache: UnreadCountsCache;
    messages: MessagesRepository;
    location: TestDatabaseLocation;
    /** Another process on the same database (the admin tool). */
    elsewhere: () => Promise<Sql>;
  }

  async function node(options: { suspended?: boolean } = {}): Promise<Node> {
    const clock = createClock();
    const { sql, location, dispose } = await openTestDatabase(clock.now);
    cleanups.push(dispose);
    await sql.run("INSERT INTO units (id, name, unit_type) VALUES (1, 'U', 2)");
    for (const id of [USER, OTHER]) {
      await sql.run(
        `INSERT INTO users (id, unit_id, login_name, login_key, password_hash, real_name,
           user_type, created_at) VALUES (?, 1, ?, ?, 'x', 'N', 2, 0)`,
        [id, `user${String(id)}`, `user${String(id)}`],
      );
    }
    for (const kind of ['message', 'message', 'todo']) await sql.run(MESSAGE, [USER, kind]);
    const watched = new WatchedSql(sql);
    const cache = new UnreadCountsCache(watched.client, { now: clock.now, ...options });
    let second: Promise<Sql> | undefined;
    const elsewhere = () => {
      if (second === undefined) {
        second = openDatabase(location, clock.now);
        const opened = second;
        cleanups.push(async () => (await opened).close());
      }
      return second;
    };
    return {
      clock,
      watched,
      cache,
      messages: new MessagesRepository(watched.client, cache),
      location,
      elsewhere,
    };
  }

  async function oneUnreadId(sql: Sql, kind: string): Promise<number> {
    const row = await sql.get<{ id: number }>(
      'SELECT id FROM desktop_messages WHERE user_id = ? AND kind = ? AND read_at IS NULL',
      [USER, kind],
    );
    return Number(row?.id);
  }

  it('answers again without the database, and at once what this node wrote', async () => {
    const { cache, messages, watched } = await node();
    expect(await cache.counts(USER)).toEqual({ todo: 1, message: 2 });
    expect(await cache.counts(USER)).toEqual({ todo: 1, message: 2 });
    expect(await cache.counts(OTHER)).toEqual({ todo: 0, message: 0 });
    expect(watched.countReads).toBe(2);

    const id = await oneUnreadId(watched.sql, 'message');
    expect(await messages.markRead(USER, id, 1)).toBe('ok');
    expect(await cache.counts(USER)).toEqual({ todo: 1, message: 1 });
    expect(await messages.markAllRead(USER, 'todo', 1)).toBe(1);
    expect(await cache.counts(USER)).toEqual({ todo: 0, message: 1 });
    // Another user's counts were not read again.
    expect(await cache.counts(OTHER)).toEqual({ todo: 0, message: 0 });
    expect(watched.countReads).toBe(4);
  });

  it('does not keep counts a change overtook while they were read', async () => {
    const { cache, watched } = await node();
    const hold = gate();
    watched.held = hold.opened;
    const reading = cache.counts(USER);
    await eventually(() => Promise.resolve(watched.countReads === 1), 'reading');
    cache.forgetUser(USER);
    hold.open();
    expect(await reading).toEqual({ todo: 1, message: 2 });
    watched.held = undefined;
    await cache.counts(USER);
    expect(watched.countReads).toBe(2);
  });

  it('keeps nothing while it cannot hear, and keeps again once it hears', async () => {
    const { cache, watched } = await node({ suspended: true });
    await cache.counts(USER);
    await cache.counts(USER);
    expect(watched.countReads).toBe(2);
    cache.resume();
    await cache.counts(USER);
    await cache.counts(USER);
    expect(watched.countReads).toBe(3);
    cache.suspend();
    await cache.counts(USER);
    expect(watched.countReads).toBe(4);
  });

  it('counts what another process wrote', async () => {
    // As in the server: on PostgreSQL nothing is kept until the node listens.
    const setup = await node({ suspended: TEST_POSTGRES_URL !== undefined });
    const { cache, clock, location, watched } = setup;
    if (location.databaseUrl !== undefined) {
      // PostgreSQL: the database announces the change; the node listens as server/app.ts does.
      const listener = await listenForNotices(location.databaseUrl, {
        [UNREAD_COUNTS_CHANNEL]: cache,
      });
      cleanups.push(() => listener.close());
    }
    expect(await cache.counts(USER)).toEqual({ todo: 1, message: 2 });
    expect(await cache.counts(USER)).toEqual({ todo: 1, message: 2 });
    expect(watched.countReads).toBe(1);
    const admin = await setup.elsewhere();
    await admin.run(MESSAGE, [USER, 'message']);
    await admin.run('UPDATE desktop_messages SET read_at = 1 WHERE id = ?', [
      await oneUnreadId(admin, 'todo'),
    ]);
    // SQLite asks whether another connection wrote at most every ELSEWHERE_CHECK_MS.
    clock.advance(ELSEWHERE_CHECK_MS);
    await eventually(
      async () => JSON.stringify(await cache.counts(USER)) === '{"todo":0,"message":3}',
      'counted',
    );
  });

  it.runIf(TEST_POSTGRES_URL === undefined)(
    'asks SQLite whether another process wrote at most once a delay',
    async () => {
      const { cache, clock, watched } = await node();
      const versions = () => watched.asked.filter((text) => text.includes('data_version')).length;
      for (let call = 0; call < 5; call += 1) await cache.counts(USER);
      expect(versions()).toBe(1);
      clock.advance(ELSEWHERE_CHECK_MS);
      await cache.counts(USER);
      expect(versions()).toBe(2);
      // Unchanged: the counts kept are still trusted.
      expect(watched.countReads).toBe(1);
    },
  );

  it('forgets the oldest user’s counts to make room', async () => {
    const { watched, clock } = await node();
    const small = new UnreadCountsCache(watched.client, { now: clock.now, maxEntries: 1 });
    await small.counts(USER);
    await small.counts(OTHER);
    await small.counts(OTHER);
    expect(watched.countReads).toBe(2);
    await small.counts(USER);
    expect(watched.countReads).toBe(3);
  });
});

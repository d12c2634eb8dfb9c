import pg from 'pg';
import type { Sql } from './sql';

/**
 * How the processes sharing one PostgreSQL database (server nodes, the admin tool) tell each other
 * of changes behind what a node keeps in memory, so that it may keep it and still answer a change
 * made elsewhere at once (docs/scale-out.md, "Nothing a node keeps that another node needs"):
 * - ended sessions (`REVOCATION_CHANNEL`), for the session cache (server/auth/access-lookup.ts);
 * - changed unread counts (server/base/unread-counts.ts), announced by the database's trigger.
 *
 * Each notification's payload is the decimal id of a user. For revocations, a node drops every
 * cached session of that user: a user id is a few bytes whatever the number of sessions
 * (PostgreSQL refuses payloads of 8000 bytes and more), and disabling a user or resetting a
 * password ends all of the user's sessions anyway.
 */
export const REVOCATION_CHANNEL = 'edudesk_session_revocations';

/** The listening connection's `application_name`, to find it in `pg_stat_activity`. */
export const NOTICES_LISTENER_NAME = 'edudesk-notices';

/**
 * Announces that sessions of these users ended, inside the transaction that ended them:
 * PostgreSQL delivers a notification when the transaction commits, never when it rolls back.
 * On SQLite it does nothing: one server process serves the database and hears its own
 * revocations (SessionStore's `onRevoke`); the admin tool's reach it within the cache's delay.
 */
export async function announceRevocations(tx: Sql, userIds: Iterable<number>): Promise<void> {
  if (tx.dialect !== 'postgres') return;
  for (const userId of new Set(userIds)) {
    await tx.get('SELECT pg_notify(?, ?)', [REVOCATION_CHANNEL, String(userId)]);
  }
}

export interface NoticesListener {
  close: () => Promise<void>;
}

/** Pauses between attempts to listen again: doubling from the first to the last. */
const RETRY_FIRST_MS = 200;
const RETRY_LAST_MS = 5000;

/**
 * How often the listening connection must answer a query, and how long it may take, for the node
 * to go on trusting what it keeps: a connection that died without a word (a cut cable, a firewall
 * forgetting it) is found within twice this delay, not after TCP's minutes.
 */
export const PROVE_EVERY_MS = 5000;

/** What the listener tells a cache of what it hears on the cache's channel. */
export interface NoticeHearer {
  /** Something of this user changed somewhere (sessions ended, counts changed). */
  forgetUser(userId: number): void;
  /** A notice that names no user: forget everything. */
  forgetAll(): void;
  /** The listener cannot hear: trust nothing kept, keep nothing. */
  suspend(): void;
  /** The listener hears again. */
  resume(): void;
}

/**
 * Listens on each channel of `hearers` on a connection of its own (a pool's connections are shared
 * and come and go; a LISTEN lives as long as its connection) and tells the channel's cache what it
 * hears. While that connection is down, or silent for longer than `proveEveryMs`, the node cannot
 * hear, so every cache is suspended (emptied, and nothing kept) until it listens again; it tries
 * again after growing pauses. Resolves after the first attempt, listening or not.
 */
export async function listenForNotices(
  connectionString: string,
  hearers: Readonly<Record<string, NoticeHearer>>,
  { proveEveryMs = PROVE_EVERY_MS }: { proveEveryMs?: number } = {},
): Promise<NoticesListener> {
  const caches = Object.values(hearers);
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let proving: NodeJS.Timeout | undefined;
  let pause = RETRY_FIRST_MS;

  const lost = (from: pg.Client) => {
    if (closed || client !== from) return;
    client = undefined;
    clearInterval(proving);
    for (const cache of caches) cache.suspend();
    from.end().catch(() => undefined);
    timer = setTimeout(() => void listen(), pause);
    pause = Math.min(pause * 2, RETRY_LAST_MS);
  };

  const listen = async () => {
    timer = undefined;
    const next = new pg.Client({
      connectionString,
      application_name: NOTICES_LISTENER_NAME,
      connectionTimeoutMillis: 5000,
      // Keeps the connection known to firewalls and address translation while nothing is said.
      // One that died without a word anyway is found by `prove` below.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('notification', (message) => {
      const cache = Object.hasOwn(hearers, message.channel) ? hearers[message.channel] : undefined;
      const payload = message.payload ?? '';
      // Anything but a user id (only a database user can send one) empties the whole cache.
      if (/^[1-9]\d{0,14}$/.test(payload)) cache?.forgetUser(Number(payload));
      else cache?.forgetAll();
    });
    next.on('error', () => {
      lost(next);
    });
    next.on('end', () => {
      lost(next);
    });
    try {
      await next.connect();
      for (const channel of Object.keys(hearers)) await next.query(`LISTEN ${channel}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) return;
    pause = RETRY_FIRST_MS;
    for (const cache of caches) cache.resume();
    proving = setInterval(() => {
      prove(next);
    }, proveEveryMs);
    proving.unref();
  };

  /** The connection answers a query in time, or is given up as lost. */
  const prove = (from: pg.Client) => {
    const late = setTimeout(() => {
      lost(from);
    }, proveEveryMs);
    late.unref();
    from.query('SELECT 1').then(
      () => {
        clearTimeout(late);
      },
      () => {
        clearTimeout(late);
        lost(from);
      },
    );
  };

  await listen();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(proving);
      const current = client;
      client = undefined;
      // A silent connection never answers the goodbye: the node's shutdown does not wait for it.
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        current?.end().catch(() => undefined),
        new Promise((resolve) => {
          gaveUp = setTimeout(resolve, proveEveryMs);
        }),
      ]);
      clearTimeout(gaveUp);
    },
  };
}

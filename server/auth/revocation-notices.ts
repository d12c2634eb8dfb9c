import pg from 'pg';
import type { Sql } from '../db/sql';

/**
 * How the processes sharing one PostgreSQL database (server nodes, the admin tool) tell each other
 * of ended sessions, so that every node may keep looked-up sessions in memory
 * (server/auth/access-lookup.ts) and still refuse a session ended elsewhere at once
 * (docs/scale-out.md, "Nothing a node keeps that another node needs").
 *
 * One channel; each notification's payload is the decimal id of a user some or all of whose
 * sessions ended. A node drops every cached session of that user: a user id is a few bytes
 * whatever the number of sessions (PostgreSQL refuses payloads of 8000 bytes and more), and
 * disabling a user or resetting a password ends all of the user's sessions anyway.
 */
export const REVOCATION_CHANNEL = 'edudesk_session_revocations';

/** The listening connection's `application_name`, to find it in `pg_stat_activity`. */
export const REVOCATION_LISTENER_NAME = 'edudesk-revocations';

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

export interface RevocationListener {
  close: () => Promise<void>;
}

/** Pauses between attempts to listen again: doubling from the first to the last. */
const RETRY_FIRST_MS = 200;
const RETRY_LAST_MS = 5000;

/** What the listener tells of what it hears: the session cache (server/auth/access-lookup.ts). */
export interface RevocationHearer {
  /** Sessions of this user ended somewhere. */
  forgetUser(userId: number): void;
  /** A notice that names no user: forget every session. */
  forgetAll(): void;
  /** The listener cannot hear: trust nothing kept, keep nothing. */
  suspend(): void;
  /** The listener hears again. */
  resume(): void;
}

/**
 * Listens for announced revocations on a connection of its own (a pool's connections are shared
 * and come and go; a LISTEN lives as long as its connection) and drops them from `access`.
 * While that connection is down the node cannot hear, so its cache is suspended (emptied, and
 * nothing cached) until it listens again; it tries again after growing pauses. Resolves after
 * the first attempt, listening or not.
 */
export async function listenForRevocations(
  connectionString: string,
  access: RevocationHearer,
): Promise<RevocationListener> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pause = RETRY_FIRST_MS;

  const lost = (from: pg.Client) => {
    if (closed || client !== from) return;
    client = undefined;
    access.suspend();
    from.end().catch(() => undefined);
    timer = setTimeout(() => void listen(), pause);
    pause = Math.min(pause * 2, RETRY_LAST_MS);
  };

  const listen = async () => {
    timer = undefined;
    const next = new pg.Client({
      connectionString,
      application_name: REVOCATION_LISTENER_NAME,
      connectionTimeoutMillis: 5000,
      // A connection that died without a word (a cut cable) is found by TCP keepalive; until
      // then the cache's delay bounds what the node may miss (server/services.ts).
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      // Anything but a user id (only a database user can send one) empties the whole cache.
      if (/^[1-9]\d{0,14}$/.test(payload)) access.forgetUser(Number(payload));
      else access.forgetAll();
    });
    next.on('error', () => {
      lost(next);
    });
    next.on('end', () => {
      lost(next);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next) return;
    pause = RETRY_FIRST_MS;
    access.resume();
  };

  await listen();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

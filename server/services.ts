import { randomBytes } from 'node:crypto';
import type { Sql } from './db/sql';
import { AccessLookup } from './auth/access-lookup';
import { PasswordChangeGate } from './auth/password-change';
import { PasswordHasher } from './auth/password-hasher';
import { SessionStore } from './auth/sessions';
import { LoginGuard } from './auth/login-guard';
import { ProofOfWork } from './auth/proof-of-work';
import { LoginThrottle } from './auth/throttle';
import { serverSecret } from './db/server-secrets';
import type { ServerOptions } from './config';
import { Metrics } from './http/metrics';
import type { LinkOriginPolicy } from './http/request-origin';
import { UnitRepository } from './tenancy/units';
import { UserRepository } from './uaa/users';
import { UnreadCountsCache } from './base/unread-counts';

/** What the route plugins need, built once per app and handed to them as plugin options. */
export interface Services {
  options: ServerOptions;
  now: () => number;
  /** The database, on either engine (server/db/sql.ts). */
  sql: Sql;
  users: UserRepository;
  units: UnitRepository;
  sessions: SessionStore;
  access: AccessLookup;
  /** Each user's unread counts as the node last read them (server/base/unread-counts.ts). */
  unreadCounts: UnreadCountsCache;
  /** Whether a session's user must change a one-time password first (docs/security.md). */
  passwordChange: PasswordChangeGate;
  throttle: LoginThrottle;
  /** The sign-in throttle's rules over `throttle` (server/auth/login-guard.ts). */
  loginGuard: LoginGuard;
  /** Which Host headers links may be built from (server/http/request-origin.ts). */
  linkOrigins: LinkOriginPolicy;
  /** Password hashing and verification in the process's own pool of threads. */
  hasher: PasswordHasher;
  /**
   * A hash of a random secret, verified against when the username is unknown, so that an unknown
   * user costs the same hashing time as a wrong password (no user-enumeration timing oracle).
   */
  decoyPasswordHash: () => Promise<string>;
  /** The process's metrics, served at /metrics with a token (server/http/metrics.ts). */
  metrics: Metrics;
}

export interface ServicesPluginOptions {
  services: Services;
}

export function createServices(sql: Sql, options: ServerOptions): Services {
  const now = options.now ?? Date.now;
  let decoy: Promise<string> | undefined;
  const hasher = new PasswordHasher(options.passwordCost, options.hashing);
  const metrics = new Metrics();
  // A node keeps a looked-up session for a moment and drops it when it hears of its revocation:
  // its own at once (onRevoke below); on PostgreSQL also every other node's and the admin tool's,
  // announced on the database (server/db/change-notices.ts). There the cache waits until
  // the node listens (server/app.ts), and its shorter delay bounds what a node whose listening
  // connection died silently could miss (docs/scale-out.md).
  const postgres = sql.dialect === 'postgres';
  const access = new AccessLookup(sql, {
    now,
    cacheMs: postgres ? 1000 : 2000,
    suspended: postgres,
  });
  const units = new UnitRepository(sql, options.defaultUnitId);
  const throttle = new LoginThrottle(sql, options.throttle, now);
  // The secrets are read (made, the first time) when the first challenge or proof needs them.
  const proofOfWork = new ProofOfWork(
    async () => ({
      signature: await serverSecret(sql, 'proof-of-work'),
      key: await serverSecret(sql, 'proof-of-work-key'),
    }),
    now,
  );
  metrics.watchHashingQueue(() => hasher.queued);
  metrics.watchSignInLocks(() => throttle.lockedCount());
  metrics.watchDatabasePool(() => sql.poolUsage?.() ?? { inUse: 0, waiting: 0 });
  return {
    options,
    now,
    sql,
    users: new UserRepository(sql),
    units,
    sessions: new SessionStore(sql, {
      accessTokenTtlSeconds: options.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: options.refreshTokenTtlSeconds,
      now,
      onRevoke: (sessionId) => {
        access.forgetSession(sessionId);
      },
    }),
    access,
    unreadCounts: new UnreadCountsCache(sql, { now, suspended: postgres }),
    passwordChange: new PasswordChangeGate(sql, now),
    throttle,
    loginGuard: new LoginGuard(throttle, proofOfWork, () => options.secureCookies, metrics),
    linkOrigins: {
      isKnownHost: (hostname) => units.isBoundHost(hostname),
      publicOrigin: options.publicOrigin ?? `http://localhost:${String(options.port)}`,
    },
    hasher,
    decoyPasswordHash: () => {
      decoy ??= hasher.hash(randomBytes(32).toString('base64url'));
      // A failed hash (a full queue) is not kept: the next unknown name makes it again.
      decoy.catch(() => {
        decoy = undefined;
      });
      return decoy;
    },
    metrics,
  };
}

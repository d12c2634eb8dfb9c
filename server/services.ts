import type { Database } from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { AccessLookup } from './auth/access-lookup';
import { hashPassword } from './auth/password';
import { SessionStore } from './auth/sessions';
import { LoginGuard } from './auth/login-guard';
import { ProofOfWork } from './auth/proof-of-work';
import { LoginThrottle } from './auth/throttle';
import { serverSecret } from './db/server-secrets';
import type { ServerOptions } from './config';
import type { LinkOriginPolicy } from './http/request-origin';
import { UnitRepository } from './tenancy/units';
import { UserRepository } from './uaa/users';

/** What the route plugins need, built once per app and handed to them as plugin options. */
export interface Services {
  options: ServerOptions;
  now: () => number;
  db: Database;
  users: UserRepository;
  units: UnitRepository;
  sessions: SessionStore;
  access: AccessLookup;
  throttle: LoginThrottle;
  /** The sign-in throttle's rules over `throttle` (server/auth/login-guard.ts). */
  loginGuard: LoginGuard;
  /** Which Host headers links may be built from (server/http/request-origin.ts). */
  linkOrigins: LinkOriginPolicy;
  /**
   * A hash of a random secret, verified against when the username is unknown, so that an unknown
   * user costs the same scrypt time as a wrong password (no user-enumeration timing oracle).
   */
  decoyPasswordHash: () => Promise<string>;
}

export interface ServicesPluginOptions {
  services: Services;
}

export function createServices(db: Database, options: ServerOptions): Services {
  const now = options.now ?? Date.now;
  let decoy: Promise<string> | undefined;
  const access = new AccessLookup(db, { now });
  const units = new UnitRepository(db, options.defaultUnitId);
  const throttle = new LoginThrottle(db, options.throttle, now);
  const proofOfWork = new ProofOfWork(
    { signature: serverSecret(db, 'proof-of-work'), key: serverSecret(db, 'proof-of-work-key') },
    now,
  );
  return {
    options,
    now,
    db,
    users: new UserRepository(db),
    units,
    sessions: new SessionStore(db, {
      accessTokenTtlSeconds: options.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: options.refreshTokenTtlSeconds,
      now,
      onRevoke: (sessionId) => {
        access.forgetSession(sessionId);
      },
    }),
    access,
    throttle,
    loginGuard: new LoginGuard(throttle, proofOfWork, () => options.secureCookies),
    linkOrigins: {
      isKnownHost: (hostname) => units.isBoundHost(hostname),
      publicOrigin: options.publicOrigin ?? `http://localhost:${String(options.port)}`,
    },
    decoyPasswordHash: () => {
      decoy ??= hashPassword(randomBytes(32).toString('base64url'), options.scryptCost);
      return decoy;
    },
  };
}

import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACCESS_TOKEN_COOKIE } from '../../contract/http-headers';
import { buildApp } from '../app';
import type { PasswordCost } from '../auth/password';
import { DEFAULT_OPTIONS, type ServerOptions } from '../config';
import { SEED_UNITS, SEED_USERS } from '../db/seed-data';
import { readCookie } from '../http/cookies';
import { checkAnswersAgainstContract, describeViolations } from './contract-answers';
import { createTestDatabase } from './test-database';
import { openDatabase } from '../db/database';
import type { Sql } from '../db/sql';

/** A clock tests move by hand, so token expiry needs no waiting. */
export interface TestClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function createClock(start = Date.UTC(2026, 2, 1, 8, 0, 0)): TestClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dataDir: string;
  options: ServerOptions;
  /**
   * A second client of the server's database (as an operator's psql or sqlite3 would be), for
   * what a test sets up or checks behind the server's back; closed with the app.
   */
  database: () => Promise<Sql>;
  close: () => Promise<void>;
}

/**
 * Real argon2id at a lower cost than production's (19 MiB, two passes, about 15 ms a hash): the
 * server suite signs in thousands of times. The production cost is tested in
 * server/auth/password.test.ts and measured by the bench.
 */
export const TEST_PASSWORD_COST: PasswordCost = { memoryKiB: 64, iterations: 1 };

/**
 * A server on a fresh database of the engine under test (server/testing/test-database.ts: real
 * SQLite or PostgreSQL, real argon2id) and a temporary data directory, with a hand-moved clock.
 * The web root does not exist unless a test passes one.
 */
export async function createTestApp(overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  const location = await createTestDatabase();
  const { dataDir } = location;
  const clock = createClock();
  const options: ServerOptions = {
    ...DEFAULT_OPTIONS,
    dataDir,
    webRoot: path.join(dataDir, 'no-web-build'),
    logger: false,
    passwordCost: TEST_PASSWORD_COST,
    now: clock.now,
    ...(location.databaseUrl === undefined ? {} : { databaseUrl: location.databaseUrl }),
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(options);
  } catch (error) {
    await location.remove();
    throw error;
  }
  // Every answer to a call of contract/operations.ts is checked against its schema.
  const violations = checkAnswersAgainstContract(app);
  let second: Promise<Sql> | undefined;
  return {
    app,
    clock,
    dataDir,
    options,
    database: () => (second ??= openDatabase(options, clock.now)),
    close: async () => {
      if (second) await (await second).close();
      await app.close();
      await location.remove();
      if (violations.length > 0) {
        throw new Error(
          `answers outside contract/operations.ts:\n${describeViolations(violations)}`,
        );
      }
    },
  };
}

export const DEMO_PASSWORD = DEFAULT_OPTIONS.demoPassword;

/** What a call answers without a valid session (spec §4 session expiry). */
export const UNAUTHORIZED = {
  status: 401,
  code: 'unauthorized',
  message: '登录已失效，请重新登录|||Your session has expired, please sign in again',
  data: null,
  fieldErrors: [],
};

/**
 * The host a demo user signs in on (the tenancy rule): the first host bound to their unit, so
 * `area.localhost` for area01 and `localhost` for the school's users. Anyone else (a user a test
 * created) gets `localhost`, which answers as the default unit.
 */
export function hostOf(username: string): string {
  const name = username.trim().toLowerCase();
  const user = SEED_USERS.find((candidate) => candidate.loginName.toLowerCase() === name);
  return SEED_UNITS.find((unit) => unit.id === user?.unitId)?.hosts[0] ?? 'localhost';
}

export interface Credentials {
  username: string;
  password?: string;
  /** The request's Host; by default the host of the user's unit (`hostOf`). */
  host?: string;
  /** More request headers (a device cookie, a proof of work). */
  headers?: Record<string, string>;
}

/** Posts the login form, form-encoded as the platform client does. */
export function login(
  app: FastifyInstance,
  { username, password = DEMO_PASSWORD, host = hostOf(username), headers = {} }: Credentials,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/uaa/oauth/login',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', host },
    payload: new URLSearchParams({ username, password, noIntercept: 'true' }).toString(),
    remoteAddress,
  });
}

/** The value of a cookie the response set ('' when it was cleared), or undefined. */
export function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name)?.value;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  cookie: string;
  /** The host the session was started on; its calls must go there too (the tenancy rule). */
  host: string;
}

/** The host each session of `signIn` was started on, by access token. */
const sessionHosts = new Map<string, string>();

/** Signs in (on the host of the user's unit) and returns the tokens and a Cookie header. */
export async function signIn(app: FastifyInstance, username: string): Promise<SignedIn> {
  const host = hostOf(username);
  const response = await login(app, { username, host });
  const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
  const refreshToken = cookieOf(response, 'SY_REFRESH_TOKEN');
  if (accessToken === undefined || refreshToken === undefined) {
    throw new Error(`login of ${username} failed: ${response.body}`);
  }
  sessionHosts.set(accessToken, host);
  return {
    accessToken,
    refreshToken,
    cookie: `SY_ACCESS_TOKEN=${accessToken}; SY_REFRESH_TOKEN=${refreshToken}`,
    host,
  };
}

/**
 * The host a Cookie header of `signIn` belongs on (undefined for anything else), so shared
 * request helpers send each session to its own unit's host without every test saying so.
 */
export function hostOfCookie(cookie: string | undefined): string | undefined {
  const accessToken = readCookie(cookie, ACCESS_TOKEN_COOKIE);
  return accessToken === undefined ? undefined : sessionHosts.get(accessToken);
}

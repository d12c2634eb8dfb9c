import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { DEFAULT_OPTIONS, type ServerOptions } from '../config';

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
  close: () => Promise<void>;
}

/**
 * A server on a fresh temporary data directory (real SQLite, real scrypt), with a hand-moved
 * clock. The web root does not exist unless a test passes one.
 */
export async function createTestApp(overrides: Partial<ServerOptions> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-server-test-'));
  const clock = createClock();
  const options: ServerOptions = {
    ...DEFAULT_OPTIONS,
    dataDir,
    webRoot: path.join(dataDir, 'no-web-build'),
    logger: false,
    now: clock.now,
    ...overrides,
  };
  const app = await buildApp(options);
  return {
    app,
    clock,
    dataDir,
    options,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = DEFAULT_OPTIONS.demoPassword;

export interface Credentials {
  username: string;
  password?: string;
}

/** Posts the login form, form-encoded as the platform client does. */
export function login(
  app: FastifyInstance,
  { username, password = DEMO_PASSWORD }: Credentials,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/uaa/oauth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
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
}

/** Signs in and returns the session's tokens and a Cookie header carrying both. */
export async function signIn(app: FastifyInstance, username: string): Promise<SignedIn> {
  const response = await login(app, { username });
  const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
  const refreshToken = cookieOf(response, 'SY_REFRESH_TOKEN');
  if (accessToken === undefined || refreshToken === undefined) {
    throw new Error(`login of ${username} failed: ${response.body}`);
  }
  return {
    accessToken,
    refreshToken,
    cookie: `SY_ACCESS_TOKEN=${accessToken}; SY_REFRESH_TOKEN=${refreshToken}`,
  };
}

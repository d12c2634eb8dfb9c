import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DEFAULT_OPTIONS, type ServerOptions } from './config';
import { signIn } from './testing/test-app';

function options(dataDir: string, overrides: Partial<ServerOptions> = {}): ServerOptions {
  return {
    ...DEFAULT_OPTIONS,
    dataDir,
    webRoot: path.join(dataDir, 'web'),
    logger: false,
    ...overrides,
  };
}

describe('buildApp', () => {
  it('keeps sessions and data across a restart on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-app-test-'));
    try {
      const first = await buildApp(options(dataDir));
      const { cookie } = await signIn(first, 'teacher01');
      await first.close();

      const second = await buildApp(options(dataDir, { demoPassword: 'Changed@2026' }));
      const me = await second.inject({ url: '/api/uaa/oauth/me', headers: { cookie } });
      expect(me.json()).toMatchObject({ status: 200, data: { loginName: 'teacher01' } });
      // The seed ran only once: the new demo password does not apply to existing accounts.
      await expect(signIn(second, 'teacher01')).resolves.toBeDefined();
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('expires access tokens on the real clock', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-app-test-'));
    try {
      const app = await buildApp(options(dataDir, { accessTokenTtlSeconds: 1 }));
      const { cookie } = await signIn(app, 'teacher01');
      const me = () => app.inject({ url: '/api/uaa/oauth/me', headers: { cookie } });
      expect((await me()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await me()).statusCode).toBe(401);
      expect(
        (await app.inject({ url: '/api/uaa/oauth/refresh', headers: { cookie } })).statusCode,
      ).toBe(200);
      await app.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('marks cookies Secure when configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-app-test-'));
    try {
      const app = await buildApp(options(dataDir, { secureCookies: true }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/uaa/oauth/login',
        payload: { username: 'teacher01', password: DEFAULT_OPTIONS.demoPassword },
      });
      // The session's two cookies and the browser's device cookie (server/auth/login-guard.ts).
      expect(response.cookies.map((cookie) => cookie.name).sort()).toEqual([
        'SY_ACCESS_TOKEN',
        'SY_DEVICE',
        'SY_REFRESH_TOKEN',
      ]);
      for (const cookie of response.cookies) expect(cookie.secure).toBe(true);
      await app.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import type { SsoLoginTarget } from '../../contract/sso';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

describe('single sign-on to haikang and ysy', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  async function targets(username = 'teacher01'): Promise<Record<string, SsoLoginTarget>> {
    const { cookie } = await signIn(t.app, username);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/sso/select/login/url',
      headers: { cookie, host: 'localhost' },
    });
    const body = response.json<ApiEnvelope<SsoLoginTarget[]>>();
    expect(body.status).toBe(200);
    return Object.fromEntries(body.data.map((target) => [target.code, target]));
  }

  function pathOf(url: string): string {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  }

  function postYsy(fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/sso-demo/ysy',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/sso/select/login/url' });
    expect(response.statusCode).toBe(401);
  });

  it('opens haikang with a one-time ticket for the caller', async () => {
    const { haikang } = await targets();
    expect(haikang).toMatchObject({ method: 'GET' });
    const url = pathOf(haikang?.url ?? '');
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('teacher01');
    expect(first.headers['content-security-policy']).toContain("default-src 'none'");
    // Used once: the same ticket again is refused.
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired haikang ticket', async () => {
    const { haikang } = await targets();
    t.clock.advance(61_000);
    const response = await t.app.inject({ method: 'GET', url: pathOf(haikang?.url ?? '') });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('expired');
  });

  it('posts ysy a signed form that signs the caller in once', async () => {
    const { ysy } = await targets('teacher02');
    expect(ysy?.method).toBe('POST');
    const fields = ysy?.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual([
      'account',
      'appKey',
      'nonce',
      'signature',
      'timestamp',
    ]);
    const response = await postYsy(fields);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('teacher02');
    expect((await postYsy(fields)).statusCode).toBe(401);
  });

  it('refuses a ysy form whose account was changed, or that is too old', async () => {
    const { ysy } = await targets();
    const fields = ysy?.fields ?? {};
    const forged = await postYsy({ ...fields, account: 'teacher02' });
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('Signed in');
    t.clock.advance(6 * 60_000);
    expect((await postYsy(fields)).statusCode).toBe(401);
  });
});

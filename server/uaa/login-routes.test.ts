import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import { scryptHash } from '../testing/scrypt-hash';
import { cookieOf, createTestApp, login, signIn, type TestApp } from '../testing/test-app';

const LOGIN = '/api/uaa/oauth/login';

function expectBilingual(message: string): void {
  expect(message).toMatch(/^[^|]+\|\|\|[^|]+$/);
}

/** No internals leak: no stack frames, no Ajv or Fastify wording. */
function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\bat .*\(|node_modules|FST_|must have required property|stack/i);
}

describe('POST /api/uaa/oauth/login', () => {
  // One server for these tests: none of them gets near a throttling limit.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with the form and sets http-only session cookies', async () => {
    const response = await login(t.app, { username: 'teacher01' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      code: 'ok',
      message: '',
      data: { unitType: '2', unitId: '1001', userType: '2', openid: '', unionid: '' },
      fieldErrors: [],
    });
    const access = response.cookies.find((c) => c.name === 'SY_ACCESS_TOKEN');
    const refresh = response.cookies.find((c) => c.name === 'SY_REFRESH_TOKEN');
    expect(access).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(refresh).toMatchObject({ path: '/api/uaa/oauth', httpOnly: true, sameSite: 'Lax' });
    expect(access?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refresh?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(access?.value).not.toBe(refresh?.value);
    expect(access?.secure).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts JSON, trims the username and ignores its case', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { host: 'area.localhost' },
      payload: { username: '  Area01 ', password: 'Edu@2026', noIntercept: true },
    });
    expect(response.json()).toMatchObject({
      status: 200,
      data: { unitType: '1', unitId: '2001', userType: '1' },
    });
  });

  it.each([
    ['parent01', '3'],
    ['staff01', '4'],
    ['student01', '5'],
  ])('signs in %s (userType %s)', async (username, userType) => {
    const response = await login(t.app, { username });
    expect(response.json()).toMatchObject({ status: 200, data: { userType } });
  });

  it('answers the same invalid_grant for a wrong password and an unknown user', async () => {
    const wrong = await login(t.app, { username: 'teacher01', password: 'wrong' });
    const unknown = await login(t.app, { username: 'nobody', password: 'Edu@2026' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 400,
        code: 'invalid_grant',
        message: '用户名或密码错误|||Incorrect username or password',
        // The tries left before the lock (five by default), for a name known or not.
        data: { remaining: 4 },
        fieldErrors: [],
      });
      expect(cookieOf(response, 'SY_ACCESS_TOKEN')).toBeUndefined();
    }
  });

  it.each([
    ['empty fields', { username: '', password: '' }, ['username', 'password']],
    ['a blank username', { username: '   ', password: 'x' }, ['username']],
    ['missing fields', {}, ['username', 'password']],
    ['a missing password', { username: 'teacher01' }, ['password']],
    ['an oversized username', { username: 'u'.repeat(65), password: 'x' }, ['username']],
    ['an oversized password', { username: 'teacher01', password: 'p'.repeat(129) }, ['password']],
  ])('refuses %s with a 400 envelope naming the fields', async (_name, fields, expected) => {
    const response = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiEnvelope>();
    expect(body).toMatchObject({ status: 400, code: 'invalid_request', data: null });
    expectBilingual(body.message);
    expect(body.fieldErrors.map((e) => e.field)).toEqual(expected);
    for (const error of body.fieldErrors) expectBilingual(error.message);
    expectNoInternals(response.body);
  });

  it('names the limit in the message of an oversized field', async () => {
    const response = await login(t.app, { username: 'u'.repeat(65) });
    expect(response.json<ApiEnvelope>().fieldErrors).toEqual([
      {
        field: 'username',
        message: '用户名长度不能超过 64 个字符|||User name must be at most 64 characters',
      },
    ]);
  });

  it('refuses malformed JSON, wrong types and a missing body with 400 envelopes', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "teacher01", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, code: 'invalid_json' });
    expectBilingual(malformed.json<ApiEnvelope>().message);
    expectNoInternals(malformed.body);

    const wrongType = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: ['a', 'b'], password: { x: 1 } },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'invalid_request' });

    const noBody = await t.app.inject({ method: 'POST', url: LOGIN });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({
      code: 'invalid_request',
      fieldErrors: [{ field: 'body', message: '缺少请求内容|||The request body is missing' }],
    });

    const emptyJson = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(400);
    expect(emptyJson.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('refuses an oversized body and an unsupported content type', async () => {
    const large = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=teacher01&password=${'x'.repeat(70 * 1024)}`,
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
    expectBilingual(large.json<ApiEnvelope>().message);

    const text = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'text/plain' },
      payload: 'username=teacher01',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ status: 415, code: 'unsupported_media_type' });
  });

  it('refuses a disabled account with the right password, clearly', async () => {
    const db = await t.database();
    await db.run("UPDATE users SET user_status = 0 WHERE login_name = 'teacher02'");
    const response = await login(t.app, { username: 'teacher02' });
    expect(response.json()).toEqual({
      status: 403,
      code: 'account_disabled',
      message:
        '该账号已停用，请联系管理员|||This account has been disabled. Please contact your administrator',
      data: null,
      fieldErrors: [],
    });
    expect(cookieOf(response, 'SY_ACCESS_TOKEN')).toBeUndefined();
  });
});

describe('login throttling', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      throttle: {
        maxFailures: 3,
        maxFailuresPerAddress: 5,
        maxFailuresPerDevice: 10,
        windowSeconds: 900,
        lockSeconds: 300,
        maxInFlightPerAddress: 16,
      },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  it('locks an account after N failures, tells when to retry, and refuses the right password', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await login(t.app, { username: 'teacher01', password: 'wrong' });
      expect(response.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    }
    t.clock.advance(10_000);
    const locked = await login(t.app, { username: 'teacher01' });
    expect(locked.statusCode).toBe(200);
    expect(locked.headers['retry-after']).toBe('290');
    expect(locked.json()).toEqual({
      status: 429,
      code: 'too_many_attempts',
      message:
        '登录失败次数过多，请在 290 秒后重试|||Too many failed attempts. Please try again in 290 seconds',
      data: { retryAfter: 290 },
      fieldErrors: [],
    });
    expect(cookieOf(locked, 'SY_ACCESS_TOKEN')).toBeUndefined();

    // The lock is per account: another account from the same address still signs in.
    expect((await login(t.app, { username: 'teacher02' })).json()).toMatchObject({ status: 200 });
    // The account key ignores case and surrounding spaces.
    expect((await login(t.app, { username: ' TEACHER01 ' })).json()).toMatchObject({
      status: 429,
    });

    t.clock.advance(290_000);
    expect((await login(t.app, { username: 'teacher01' })).json()).toMatchObject({ status: 200 });
  });

  it('locks an account whichever address the attempts come from', async () => {
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      await login(t.app, { username: 'teacher01', password: 'wrong' }, address);
    }
    const response = await login(t.app, { username: 'teacher01' }, '10.0.0.4');
    expect(response.json()).toMatchObject({ status: 429, data: { retryAfter: 300 } });
  });

  it('never locks an address that tries many accounts: it asks it for a proof of work', async () => {
    const users = ['teacher01', 'teacher02', 'staff01', 'parent01', 'parent02'];
    for (const username of users) {
      await login(t.app, { username, password: 'wrong' }, '10.9.9.9');
    }
    const fromThere = await login(t.app, { username: 'student01' }, '10.9.9.9');
    expect(fromThere.json()).toMatchObject({ status: 428, code: 'proof_of_work_required' });
    expect(fromThere.headers['retry-after']).toBeUndefined();
    const elsewhere = await login(t.app, { username: 'student01' }, '10.1.1.1');
    expect(elsewhere.json()).toMatchObject({ status: 200 });
  });

  it('forgets failures after the window and clears the account on success', async () => {
    await login(t.app, { username: 'teacher01', password: 'wrong' });
    await login(t.app, { username: 'teacher01', password: 'wrong' });
    t.clock.advance(900_000);
    await login(t.app, { username: 'teacher01', password: 'wrong' });
    await login(t.app, { username: 'teacher01', password: 'wrong' });
    expect((await login(t.app, { username: 'teacher01' })).json()).toMatchObject({ status: 200 });
    // The success cleared the account's two failures.
    await login(t.app, { username: 'teacher01', password: 'wrong' });
    await login(t.app, { username: 'teacher01', password: 'wrong' });
    expect((await login(t.app, { username: 'teacher01' })).json()).toMatchObject({ status: 200 });
  });

  it('counts unknown accounts too, so probing names is throttled the same way', async () => {
    for (let i = 0; i < 3; i += 1) {
      await login(t.app, { username: 'ghost', password: 'x' }, `10.2.0.${String(i)}`);
    }
    const response = await login(t.app, { username: 'ghost', password: 'x' }, '10.2.0.9');
    expect(response.json()).toMatchObject({ status: 429 });
  });
});

describe('POST /api/uaa/oauth/relogin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns a valid access token into a new session of its own', async () => {
    const giver = await signIn(t.app, 'parent01');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/relogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `accessToken=${giver.accessToken}`,
    });
    expect(response.json()).toMatchObject({
      status: 200,
      code: 'ok',
      data: { unitType: '2', unitId: '1001', userType: '3', openid: '', unionid: '' },
    });
    const access = cookieOf(response, 'SY_ACCESS_TOKEN');
    expect(access).toBeDefined();
    expect(access).not.toBe(giver.accessToken);
    expect(cookieOf(response, 'SY_REFRESH_TOKEN')).toBeDefined();

    for (const token of [access, giver.accessToken]) {
      const me = await t.app.inject({
        url: '/api/uaa/oauth/me',
        headers: { authorization: `Bearer ${String(token)}` },
      });
      expect(me.json()).toMatchObject({ status: 200, data: { loginName: 'parent01' } });
    }
  });

  it('refuses an unknown or expired token with invalid_grant', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/relogin',
      payload: { accessToken: 'not-a-token' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    expectBilingual(unknown.json<ApiEnvelope>().message);

    const { accessToken } = await signIn(t.app, 'teacher01');
    t.clock.advance(t.options.accessTokenTtlSeconds * 1000 + 1);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/relogin',
      payload: { accessToken },
    });
    expect(expired.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(cookieOf(expired, 'SY_ACCESS_TOKEN')).toBeUndefined();
  });

  it('requires the token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/relogin',
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_request',
      fieldErrors: [{ field: 'accessToken' }],
    });
  });
});

describe('parallel login attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      throttle: {
        maxFailures: 3,
        maxFailuresPerAddress: 50,
        maxFailuresPerDevice: 10,
        windowSeconds: 900,
        lockSeconds: 300,
        maxInFlightPerAddress: 16,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('cannot outrun the throttle with a burst on one account', async () => {
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        login(t.app, { username: 'teacher01', password: `guess-${String(i)}` }),
      ),
    );
    const codes = burst.map((response) => response.json<ApiEnvelope>().code);
    expect(codes.filter((code) => code === 'invalid_grant')).toHaveLength(3);
    expect(codes.filter((code) => code === 'too_many_attempts')).toHaveLength(5);
  });
});

describe('password hashes from before a cost rise or from scrypt', () => {
  it('are replaced with hashes at the configured cost at the next successful sign-in', async () => {
    const before = await createTestApp();
    const storedHash = async () => {
      const db = await before.database();
      const row = await db.get<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE login_name = ?',
        ['teacher01'],
      );
      return row?.password_hash ?? '';
    };
    // The same database, served after the operator raised the cost.
    const { buildApp } = await import('../app');
    const after = await buildApp({
      ...before.options,
      passwordCost: { memoryKiB: 128, iterations: 1 },
    });
    try {
      expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
      await login(after, { username: 'teacher01', password: 'wrong' });
      expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
      expect((await login(after, { username: 'teacher01' })).json()).toMatchObject({ status: 200 });
      expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=128,t=1,p=1\$/);
      // The new hash verifies the same password, on the old server too.
      expect((await login(before.app, { username: 'teacher01' })).json()).toMatchObject({
        status: 200,
      });
    } finally {
      await after.close();
      await before.close();
    }
  });

  it('turn a stored scrypt hash into argon2id once its password is known', async () => {
    const t = await createTestApp();
    try {
      const db = await t.database();
      const legacy = scryptHash('Edu@2026');
      await db.run('UPDATE users SET password_hash = ? WHERE login_name = ?', [
        legacy,
        'teacher02',
      ]);
      const stored = async () =>
        (
          await db.get<{ password_hash: string }>(
            'SELECT password_hash FROM users WHERE login_name = ?',
            ['teacher02'],
          )
        )?.password_hash;
      expect(
        (await login(t.app, { username: 'teacher02', password: 'wrong' })).json(),
      ).toMatchObject({ code: 'invalid_grant' });
      expect(await stored()).toBe(legacy);
      expect((await login(t.app, { username: 'teacher02' })).json()).toMatchObject({ status: 200 });
      expect(await stored()).toMatch(/^\$argon2id\$/);
      expect((await login(t.app, { username: 'teacher02' })).json()).toMatchObject({ status: 200 });
    } finally {
      await t.close();
    }
  });
});

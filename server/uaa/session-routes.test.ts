import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { CurrentUserWireSchema, LoginDataSchema, type CurrentUserWire } from '../../contract/auth';
import type { ApiEnvelope } from '../../contract/envelope';
import { envelopeSchema } from '../../contract/envelope-schema';
import { verifySignature } from '../../contract/signature';
import { cookieOf, createTestApp, signIn, type TestApp, UNAUTHORIZED } from '../testing/test-app';

const ME = '/api/uaa/oauth/me';
const REFRESH = '/api/uaa/oauth/refresh';
const LOGOUT = '/api/uaa/oauth/logout';

describe('GET /api/uaa/oauth/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the current user in the exact wire shape, from the cookie', async () => {
    const { cookie, accessToken } = await signIn(t.app, 'teacher01');
    const response = await t.app.inject({
      url: `${ME}?noIntercept=true&_t=1`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<ApiEnvelope<CurrentUserWire>>();
    expect(Value.Check(envelopeSchema(CurrentUserWireSchema), body)).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      Object.keys(CurrentUserWireSchema.properties).sort(),
    );
    expect(body).toMatchObject({ status: 200, code: 'ok' });
    expect(body.data).toMatchObject({
      realName: '王老师',
      loginName: 'teacher01',
      principal: 'teacher01',
      userType: '2',
      unitId: '1001',
      unitType: '2',
      unitName: '阳光实验小学',
      unitEnName: 'Sunshine Experimental Primary School',
      unitImgPath: '/api/storage/show/unit/1001',
      avatar: '/api/storage/show/user/10001',
      userImgPath: '/api/storage/show/user/10001',
      year: '2026',
      term: '1',
      accessToken,
      authenticated: true,
      credentials: '',
      campusUnits: '[]',
      unitStatus: 1,
      userStatus: 1,
      chirdenList: [],
      currentChirden: null,
      chirdenId: '',
      chirdenName: '',
    });
    expect([0, 1, 2]).toContain(body.data.sex);
    expect(JSON.parse(body.data.campusUnits)).toEqual([]);
  });

  it('accepts a Bearer token', async () => {
    const { accessToken, host } = await signIn(t.app, 'area01');
    const response = await t.app.inject({
      url: ME,
      headers: { authorization: `Bearer ${accessToken}`, host },
    });
    expect(response.json()).toMatchObject({
      status: 200,
      data: { loginName: 'area01', realName: '赵科长', unitId: '2001', unitType: '1' },
    });
  });

  it.each([
    ['no token', {}],
    ['an unknown cookie', { cookie: 'SY_ACCESS_TOKEN=unknown' }],
    ['an unknown bearer', { authorization: 'Bearer unknown' }],
    ['an empty cookie', { cookie: 'SY_ACCESS_TOKEN=' }],
  ])('answers 401 with %s', async (_name, headers) => {
    const response = await t.app.inject({ url: ME, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it("lists a parent's children and picks the first active one", async () => {
    const { cookie } = await signIn(t.app, 'parent01');
    const body = (await t.app.inject({ url: ME, headers: { cookie } })).json<
      ApiEnvelope<CurrentUserWire>
    >();
    expect(Value.Check(CurrentUserWireSchema, body.data)).toBe(true);
    const { chirdenList, currentChirden } = body.data;
    expect(body.data.parentId).toBe(body.data.userId);
    expect(chirdenList.map((c) => [c.realName, c.gradeName, c.className, c.status])).toEqual([
      ['张小明', '三年级', '2班', 1],
      ['张小红', '一年级', '1班', 1],
      ['张小刚', '五年级', '3班', 0],
    ]);
    for (const child of chirdenList) expect(child.parentId).toBe(body.data.userId);
    expect(currentChirden).toEqual(chirdenList[0]);
    expect(body.data.chirdenId).toBe(chirdenList[0]?.id);
    expect(body.data.chirdenName).toBe('张小明');
  });

  it('gives parent02 one active child', async () => {
    const { cookie } = await signIn(t.app, 'parent02');
    const body = (await t.app.inject({ url: ME, headers: { cookie } })).json<
      ApiEnvelope<CurrentUserWire>
    >();
    expect(body.data.chirdenList).toHaveLength(1);
    expect(body.data.currentChirden?.status).toBe(1);
  });

  it('signs the answer when asked, verifiable only with the same nonce', async () => {
    const { cookie } = await signIn(t.app, 'teacher02');
    const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const response = await t.app.inject({ url: `${ME}?signature=${nonce}`, headers: { cookie } });
    const header = response.headers.signature;
    expect(typeof header).toBe('string');
    expect(String(header)).toMatch(/^[A-Za-z0-9_-]+\$[0-9a-f]{64}$/);
    expect(verifySignature(String(header), nonce)).toBe(true);
    expect(verifySignature(String(header), 'another-nonce')).toBe(false);

    const again = await t.app.inject({ url: `${ME}?signature=${nonce}`, headers: { cookie } });
    expect(again.headers.signature).not.toBe(header);

    const unsigned = await t.app.inject({ url: ME, headers: { cookie } });
    expect(unsigned.headers.signature).toBeUndefined();
  });

  it('refuses an oversized signature parameter with a 400 envelope', async () => {
    const { cookie } = await signIn(t.app, 'teacher02');
    const response = await t.app.inject({
      url: `${ME}?signature=${'x'.repeat(200)}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_request',
      fieldErrors: [{ field: 'signature' }],
    });
  });
});

describe('expiry, refresh and logout', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 600 });
  });
  afterEach(async () => {
    await t.close();
  });

  it('expires the access token, then refresh rotates both tokens', async () => {
    const first = await signIn(t.app, 'teacher01');
    t.clock.advance(59_000);
    expect((await t.app.inject({ url: ME, headers: { cookie: first.cookie } })).statusCode).toBe(
      200,
    );
    t.clock.advance(1_000);
    const expired = await t.app.inject({ url: ME, headers: { cookie: first.cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(UNAUTHORIZED);

    const refreshed = await t.app.inject({ url: REFRESH, headers: { cookie: first.cookie } });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json<ApiEnvelope>();
    expect(Value.Check(envelopeSchema(LoginDataSchema), body)).toBe(true);
    expect(body).toMatchObject({ status: 200, code: 'ok', data: { userType: '2' } });
    const access = cookieOf(refreshed, 'SY_ACCESS_TOKEN');
    const refresh = cookieOf(refreshed, 'SY_REFRESH_TOKEN');
    expect(access).toBeDefined();
    expect(refresh).toBeDefined();
    expect(access).not.toBe(first.accessToken);
    expect(refresh).not.toBe(first.refreshToken);

    const me = await t.app.inject({
      url: ME,
      headers: { cookie: `SY_ACCESS_TOKEN=${String(access)}` },
    });
    expect(me.json()).toMatchObject({ status: 200, data: { accessToken: access } });

    // Rotation: the old refresh token bought one new pair and is now dead.
    const replay = await t.app.inject({ url: REFRESH, headers: { cookie: first.cookie } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: 401, code: 'invalid_refresh' });
    expect(cookieOf(replay, 'SY_REFRESH_TOKEN')).toBe('');
  });

  it('revokes the old access token on refresh even before it expires', async () => {
    const first = await signIn(t.app, 'teacher01');
    expect((await t.app.inject({ url: ME, headers: { cookie: first.cookie } })).statusCode).toBe(
      200,
    );
    await t.app.inject({ url: REFRESH, headers: { cookie: first.cookie } });
    const old = await t.app.inject({ url: ME, headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an expired or missing refresh token with 401 invalid_refresh', async () => {
    const first = await signIn(t.app, 'teacher01');
    t.clock.advance(600_000);
    const expired = await t.app.inject({ url: REFRESH, headers: { cookie: first.cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      status: 401,
      code: 'invalid_refresh',
      message: '登录已失效，请重新登录|||Your session has expired, please sign in again',
      data: null,
      fieldErrors: [],
    });
    const none = await t.app.inject({ url: REFRESH });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'invalid_refresh' });
  });

  it('logs out: revokes the session and clears both cookies', async () => {
    const session = await signIn(t.app, 'parent01');
    const before = await t.app.inject({ url: ME, headers: { cookie: session.cookie } });
    expect(before.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      code: 'ok',
      message: '',
      data: true,
      fieldErrors: [],
    });
    const cleared = response.cookies.filter((c) => c.value === '' && c.maxAge === 0);
    expect(cleared.map((c) => [c.name, c.path])).toEqual([
      ['SY_ACCESS_TOKEN', '/'],
      ['SY_REFRESH_TOKEN', '/api/uaa/oauth'],
    ]);
    expect((await t.app.inject({ url: ME, headers: { cookie: session.cookie } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ url: REFRESH, headers: { cookie: session.cookie } })).statusCode,
    ).toBe(401);
  });

  it('logs out with only the refresh cookie left (access token expired)', async () => {
    const session = await signIn(t.app, 'parent01');
    t.clock.advance(61_000);
    await t.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie: `SY_REFRESH_TOKEN=${session.refreshToken}` },
    });
    const refresh = await t.app.inject({ url: REFRESH, headers: { cookie: session.cookie } });
    expect(refresh.statusCode).toBe(401);
  });

  it('logs out idempotently without a session, whatever the empty body', async () => {
    for (const headers of [
      {},
      { 'content-type': 'application/json' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: LOGOUT, headers, payload: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 200, data: true });
    }
  });
});

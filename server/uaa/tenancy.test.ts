import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import { expectRefusal } from '../base/desktop-test-helpers';
import { DEMO_CLIENT_ID } from '../db/seed-data';
import {
  cookieOf,
  createTestApp,
  login,
  signIn,
  type TestApp,
  UNAUTHORIZED,
  TEST_PASSWORD_COST,
} from '../testing/test-app';

/**
 * The tenancy rule: a request's host selects its unit, and a sign-in or a
 * session of another unit is refused there, on every path.
 */

const AREA = 'area.localhost';
/** A host bound to no unit: it answers as the default unit (1001). */
const UNBOUND = 'lan-server.example.test';

const INVALID_GRANT = {
  status: 400,
  code: 'invalid_grant',
  message: '用户名或密码错误|||Incorrect username or password',
  // The tries left before the lock: the same for a name on another unit's host.
  data: { remaining: expect.any(Number) as number },
  fieldErrors: [],
};

describe('tenancy of sign-ins and sessions', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      throttle: {
        maxFailures: 3,
        maxFailuresPerAddress: 3,
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

  function get(url: string, headers: Record<string, string>) {
    return t.app.inject({ url, headers });
  }

  function post(url: string, host: string, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '10.7.0.1',
    });
  }

  it("refuses a password sign-in on another unit's host exactly like a wrong password", async () => {
    const wrongHost = await login(t.app, { username: 'staff01', host: AREA }, '10.1.0.1');
    const wrongPassword = await login(t.app, { username: 'staff01', password: 'x' }, '10.1.0.2');
    const areaOnSchool = await login(t.app, { username: 'area01', host: 'localhost' }, '10.1.0.3');
    for (const response of [wrongHost, wrongPassword, areaOnSchool]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(INVALID_GRANT);
      expect(cookieOf(response, 'SY_ACCESS_TOKEN')).toBeUndefined();
    }
  });

  it("signs users in on their own unit's hosts, and hosts bound to no unit are the default unit", async () => {
    const cases = [
      ['area01', AREA, '2001'],
      ['area01', 'AREA.localhost:8080', '2001'],
      ['teacher01', 'localhost', '1001'],
      ['teacher01', '127.0.0.1:3000', '1001'],
      ['teacher01', 'school.localhost', '1001'],
      ['teacher01', UNBOUND, '1001'],
    ] as const;
    for (const [username, host, unitId] of cases) {
      const response = await login(t.app, { username, host }, '10.2.0.1');
      expect(response.json(), `${username} on ${host}`).toMatchObject({
        status: 200,
        data: { unitId },
      });
    }
    expect((await login(t.app, { username: 'area01', host: UNBOUND })).json()).toEqual(
      INVALID_GRANT,
    );
  });

  it("counts a sign-in on another unit's host as a failure, like a wrong password", async () => {
    for (const address of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
      await login(t.app, { username: 'staff01', host: AREA }, address);
    }
    const locked = await login(t.app, { username: 'staff01' }, '10.3.0.4');
    expect(locked.json()).toMatchObject({ status: 429, code: 'too_many_attempts' });
  });

  it("tells nothing about an account's status on another unit's host", async () => {
    const db = await t.database();
    await db.run("UPDATE users SET user_status = 0 WHERE login_name = 'staff01'");
    expect((await login(t.app, { username: 'staff01' }, '10.4.0.1')).json()).toMatchObject({
      status: 403,
      code: 'account_disabled',
    });
    expect((await login(t.app, { username: 'staff01', host: AREA }, '10.4.0.2')).json()).toEqual(
      INVALID_GRANT,
    );
  });

  it("answers 401 to a session on another unit's host, on every guarded call", async () => {
    const teacher = await signIn(t.app, 'teacher01');
    const area = await signIn(t.app, 'area01');
    const refused = [
      get(API.me, { cookie: teacher.cookie, host: AREA }),
      get(API.me, { authorization: `Bearer ${teacher.accessToken}`, host: AREA }),
      get(DESKTOP_API.unhandleCount, { cookie: teacher.cookie, host: AREA }),
      get(API.me, { cookie: area.cookie, host: 'localhost' }),
      get(API.me, { cookie: area.cookie, host: UNBOUND }),
      get(DESKTOP_API.unhandleCount, { cookie: area.cookie }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
    const accepted = [
      get(API.me, { cookie: teacher.cookie, host: 'localhost' }),
      get(API.me, { cookie: teacher.cookie, host: UNBOUND }),
      get(API.me, { cookie: area.cookie, host: AREA }),
      get(DESKTOP_API.unhandleCount, { cookie: area.cookie, host: AREA }),
    ];
    for (const response of await Promise.all(accepted)) expect(response.statusCode).toBe(200);
  });

  it("refuses a relogin with a token of another unit's session", async () => {
    const teacher = await signIn(t.app, 'teacher01');
    const refused = await post(API.relogin, AREA, { accessToken: teacher.accessToken });
    expect(refused.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(cookieOf(refused, 'SY_ACCESS_TOKEN')).toBeUndefined();
    const accepted = await post(API.relogin, 'localhost', { accessToken: teacher.accessToken });
    expect(accepted.json()).toMatchObject({ status: 200, data: { unitId: '1001' } });
  });

  it("refuses a refresh on another unit's host and leaves the session alone", async () => {
    const teacher = await signIn(t.app, 'teacher01');
    const refused = await get(API.refresh, { cookie: teacher.cookie, host: AREA });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'invalid_refresh' });
    expect(cookieOf(refused, 'SY_ACCESS_TOKEN')).toBe('');
    expect((await get(API.me, { cookie: teacher.cookie })).statusCode).toBe(200);
    const refreshed = await get(API.refresh, { cookie: teacher.cookie });
    expect(refreshed.json()).toMatchObject({ status: 200, data: { unitId: '1001' } });
  });

  it("refuses a device login on another unit's host like an unknown device, and counts it", async () => {
    const unknown = await post(API.loginUserClient, AREA, { userClientId: 'not-registered' });
    const wrongHost = await post(API.loginUserClient, AREA, { userClientId: DEMO_CLIENT_ID });
    expect(wrongHost.json()).toEqual(unknown.json());
    expect(wrongHost.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(cookieOf(wrongHost, 'SY_ACCESS_TOKEN')).toBeUndefined();
    // Two failures so far from this address; after a third it must prove work (threshold 3).
    await post(API.loginUserClient, AREA, { userClientId: DEMO_CLIENT_ID });
    const asked = await post(API.loginUserClient, 'localhost', { userClientId: DEMO_CLIENT_ID });
    expect(asked.json<ApiEnvelope>()).toMatchObject({
      status: 428,
      code: 'proof_of_work_required',
    });
  });

  it('refuses a switch to a linked identity of another unit, and keeps the session', async () => {
    const db = await t.database();
    await db.run(
      'INSERT INTO identity_links (teacher_user_id, parent_user_id) VALUES (?, ?)',
      [10002, 20001],
    );
    const teacher = await signIn(t.app, 'teacher02');
    const result = await get(`${API.switchLogin}?userId=20001`, { cookie: teacher.cookie });
    expectRefusal({
      statusCode: result.statusCode,
      body: result.json(),
      response: result,
    });
    expect(cookieOf(result, 'SY_ACCESS_TOKEN')).toBeUndefined();
    expect((await get(API.me, { cookie: teacher.cookie })).statusCode).toBe(200);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import { DEMO_CLIENT_ID } from '../db/seed-data';
import { cookieOf, createTestApp, type TestApp } from '../testing/test-app';

const CLIENT_LOGIN = '/api/uaa/oauth/login_user_client';

describe('POST /api/uaa/oauth/login_user_client (device login)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      throttle: {
        maxFailures: 5,
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

  function post(userClientId: string) {
    return t.app.inject({
      method: 'POST',
      url: CLIENT_LOGIN,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userClientId }).toString(),
    });
  }

  it('signs in the account the client id is bound to, with a session', async () => {
    const response = await post(DEMO_CLIENT_ID);
    expect(response.json<ApiEnvelope>()).toMatchObject({
      status: 200,
      code: 'ok',
      data: { userType: '4', unitId: '1001' },
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/uaa/oauth/me',
      headers: { cookie: `SY_ACCESS_TOKEN=${cookieOf(response, 'SY_ACCESS_TOKEN') ?? ''}` },
    });
    expect(me.json<ApiEnvelope<{ loginName: string }>>().data.loginName).toBe('staff01');
  });

  it('refuses an unknown client id with a bilingual message', async () => {
    const body = (await post('not-a-registered-device')).json<ApiEnvelope>();
    expect(body).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(body.message).toMatch(/^.+\|\|\|.+$/);
  });

  it('counts wrong ids against the address, then asks it for a proof of work', async () => {
    for (let i = 0; i < 3; i += 1) await post(`guess-${String(i)}`);
    const asked = await post(DEMO_CLIENT_ID);
    expect(asked.json<ApiEnvelope>()).toMatchObject({
      status: 428,
      code: 'proof_of_work_required',
    });
  });

  it('validates the id (no spaces or control characters, bounded length)', async () => {
    for (const bad of ['has space', 'x'.repeat(257), '']) {
      const response = await post(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiEnvelope>().code).toBe('invalid_request');
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerDevice, revokeDevice } from './device-commands';

const CLIENT_ID = 'c0ffee00-classroom-7-front-pc';

describe('register-device and revoke-device', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const deviceLogin = (userClientId: string) =>
    t.app.inject({
      method: 'POST',
      url: API.loginUserClient,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost' },
      payload: new URLSearchParams({ userClientId }).toString(),
    });

  it('a registered client id signs its staff account in, until it is revoked', async () => {
    const sql = await t.database();
    const registered = await registerDevice(
      sql,
      { clientId: CLIENT_ID, user: 'teacher02' },
      { now: t.clock.now },
    );
    expect(registered.created).toBe(true);
    // Stored hashed, as the seed stores the demo client.
    expect(
      await sql.get('SELECT client_hash FROM user_clients WHERE client_hash = ?', [CLIENT_ID]),
    ).toBeUndefined();
    const signedIn = await deviceLogin(CLIENT_ID);
    expect(signedIn.json()).toMatchObject({ status: 200 });
    expect(signedIn.cookies.some((cookie) => cookie.name === 'SY_ACCESS_TOKEN')).toBe(true);

    // Again for the same account: nothing changes; for another: refused.
    expect(
      (await registerDevice(sql, { clientId: CLIENT_ID, user: 'teacher02' }, { now: t.clock.now }))
        .created,
    ).toBe(false);
    await expect(
      registerDevice(sql, { clientId: CLIENT_ID, user: 'teacher01' }, { now: t.clock.now }),
    ).rejects.toThrow('registered to another account');

    await revokeDevice(sql, { clientId: CLIENT_ID });
    expect((await deviceLogin(CLIENT_ID)).json()).toMatchObject({
      status: 400,
      code: 'invalid_grant',
    });
    await expect(revokeDevice(sql, { clientId: CLIENT_ID })).rejects.toThrow(
      'No device is registered',
    );
  });

  it('refuses a short client id and a family account', async () => {
    const sql = await t.database();
    await expect(
      registerDevice(sql, { clientId: 'pc1', user: 'teacher02' }, { now: t.clock.now }),
    ).rejects.toThrow('16 to 256 printable characters');
    await expect(
      registerDevice(sql, { clientId: CLIENT_ID, user: 'student01' }, { now: t.clock.now }),
    ).rejects.toThrow('devices sign in staff only');
  });
});

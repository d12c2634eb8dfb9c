import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import type { CurrentUserWire, LoginData } from '../../contract/auth';
import { cookieOf, createTestApp, signIn, type TestApp } from '../testing/test-app';
import { expectInvalid, expectRefusal, getJson } from '../base/desktop-test-helpers';

const switchTo = (userId: string) => `${API.switchLogin}?userId=${userId}`;

describe('GET /api/uaa/switch/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves the session to the linked parent identity and back', async () => {
    const teacher = await signIn(t.app, 'teacher02');
    const result = await getJson<LoginData>(t.app, teacher.cookie, switchTo('10007'));
    expect(result.statusCode).toBe(200);
    expect(result.body).toMatchObject({
      status: 200,
      data: { userType: '3', unitId: '1001', unitType: '2' },
    });
    const accessToken = cookieOf(result.response, 'SY_ACCESS_TOKEN');
    const refreshToken = cookieOf(result.response, 'SY_REFRESH_TOKEN');
    expect(accessToken).toBeTruthy();
    const parentCookie = `SY_ACCESS_TOKEN=${accessToken ?? ''}; SY_REFRESH_TOKEN=${refreshToken ?? ''}`;

    const me = await getJson<CurrentUserWire>(t.app, parentCookie, API.me);
    expect(me.body.data).toMatchObject({ userId: '10007', userType: '3', realName: '李家长' });
    expect(me.body.data.chirdenList.map((child) => child.realName)).toEqual(['李小乐']);
    // The teacher session is over: one person, one session.
    expect((await getJson(t.app, teacher.cookie, API.me)).statusCode).toBe(401);

    const back = await getJson<LoginData>(t.app, parentCookie, switchTo('10002'));
    expect(back.body.data.userType).toBe('2');
    const backToken = cookieOf(back.response, 'SY_ACCESS_TOKEN') ?? '';
    const again = await getJson<CurrentUserWire>(t.app, `SY_ACCESS_TOKEN=${backToken}`, API.me);
    expect(again.body.data.userId).toBe('10002');
  });

  it('stays put when asked for the current identity', async () => {
    const teacher = await signIn(t.app, 'teacher02');
    const result = await getJson<LoginData>(t.app, teacher.cookie, switchTo('10002'));
    expect(result.body.data.userType).toBe('2');
    expect(cookieOf(result.response, 'SY_ACCESS_TOKEN')).toBeUndefined();
    expect((await getJson(t.app, teacher.cookie, API.me)).statusCode).toBe(200);
  });

  it('refuses any account that is not linked, and keeps the session', async () => {
    const admin = await signIn(t.app, 'teacher01');
    for (const target of ['10007', '10002', '10004', '99999']) {
      const result = await getJson(t.app, admin.cookie, switchTo(target));
      expectRefusal(result);
      expect(cookieOf(result.response, 'SY_ACCESS_TOKEN')).toBeUndefined();
    }
    const parent = await signIn(t.app, 'parent01');
    expectRefusal(await getJson(t.app, parent.cookie, switchTo('10002')));
    const me = await getJson<CurrentUserWire>(t.app, admin.cookie, API.me);
    expect(me.body.data.userId).toBe('10001');
  });

  it('checks the query and needs a session', async () => {
    const teacher = await signIn(t.app, 'teacher02');
    expectInvalid(await getJson(t.app, teacher.cookie, API.switchLogin), 'userId');
    expectInvalid(await getJson(t.app, teacher.cookie, switchTo('x')), 'userId');
    expect((await getJson(t.app, undefined, switchTo('10007'))).statusCode).toBe(401);
  });
});

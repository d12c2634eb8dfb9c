import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import type { CurrentUserWire } from '../../contract/auth';
import type { ApiEnvelope } from '../../contract/envelope';
import { defaultHashingLimits } from '../auth/password-hasher';
import { resetPassword } from '../cli/account-commands';
import {
  cookieOf,
  createTestApp,
  DEMO_PASSWORD,
  login,
  TEST_PASSWORD_COST,
  type TestApp,
  UNAUTHORIZED,
} from '../testing/test-app';

const NEW_PASSWORD = 'Lantern-Orchard-2026';
const REQUIRED = {
  status: 403,
  code: 'password_change_required',
  message:
    '请先修改初始密码，然后才能继续使用|||Please change your one-time password before you continue',
};

interface Session {
  cookie: string;
}

describe('first sign-in password change', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  /** The admin tool's reset-password: a one-time password the user must change. */
  async function reset(user: string): Promise<string> {
    const sql = await t.database();
    const context = {
      passwordCost: TEST_PASSWORD_COST,
      hashing: defaultHashingLimits(),
      now: t.clock.now,
    };
    return (await resetPassword(sql, { user, unitId: 1001 }, context)).password;
  }

  async function signInWith(username: string, password: string): Promise<Session> {
    const response = await login(t.app, { username, password });
    const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
    if (accessToken === undefined) throw new Error(`login failed: ${response.body}`);
    return { cookie: `SY_ACCESS_TOKEN=${accessToken}` };
  }

  const get = (session: Session, url: string) =>
    t.app.inject({ url, headers: { cookie: session.cookie, host: 'localhost' } });
  const json = <T>(response: LightMyRequestResponse) => response.json<ApiEnvelope<T>>();
  const me = async (session: Session) => json<CurrentUserWire>(await get(session, API.me));
  const change = (session: Session, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: API.changePassword,
      headers: { cookie: session.cookie, host: 'localhost' },
      payload: body,
    });

  it('refuses every call but the current user, the change and logout while flagged', async () => {
    const oneTime = await reset('teacher02');
    const session = await signInWith('teacher02', oneTime);

    expect(await me(session)).toMatchObject({
      status: 200,
      data: { loginName: 'teacher02', mustChangePassword: true },
    });
    const desktop = await get(session, DESKTOP_API.unhandleCount);
    expect(desktop.statusCode).toBe(403);
    expect(json(desktop)).toMatchObject(REQUIRED);
    // No way round it: a ticket for another application is refused too.
    const ticket = await t.app.inject({
      method: 'POST',
      url: API.ticketIssue,
      headers: { cookie: session.cookie, host: 'localhost' },
    });
    expect(json(ticket)).toMatchObject(REQUIRED);

    // Someone else is not concerned.
    const other = await signInWith('teacher01', DEMO_PASSWORD);
    expect(await me(other)).toMatchObject({ data: { mustChangePassword: false } });
    expect(json(await get(other, DESKTOP_API.unhandleCount))).toMatchObject({ status: 200 });

    const logout = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { cookie: session.cookie, host: 'localhost' },
    });
    expect(json(logout)).toMatchObject({ status: 200, data: true });
    expect(json(await get(session, API.me))).toMatchObject(UNAUTHORIZED);
  });

  it('sends an application page to the change page, and back afterwards', async () => {
    const oneTime = await reset('teacher01');
    const session = await signInWith('teacher01', oneTime);
    const page = '/pages/notice/pc_tzgg_pre/index.html';
    const before = await get(session, page);
    expect(before.statusCode).toBe(303);
    expect(before.headers.location).toBe(
      `/pages/base/pc_changePassword_all/index.html?redirect_uri=${encodeURIComponent(page)}`,
    );
    await change(session, { oldPassword: oneTime, newPassword: NEW_PASSWORD });
    expect((await get(session, page)).statusCode).toBe(200);
  });

  it('changes the password: the flag is cleared, other sessions end, this one goes on', async () => {
    const oneTime = await reset('teacher02');
    const session = await signInWith('teacher02', oneTime);
    const elsewhere = await signInWith('teacher02', oneTime);

    const answer = await change(session, { oldPassword: oneTime, newPassword: NEW_PASSWORD });
    expect(json(answer)).toMatchObject({ status: 200, code: 'ok', data: true });

    expect(await me(session)).toMatchObject({ data: { mustChangePassword: false } });
    expect(json(await get(session, DESKTOP_API.unhandleCount))).toMatchObject({ status: 200 });
    expect(json(await get(elsewhere, API.me))).toMatchObject(UNAUTHORIZED);

    const sql = await t.database();
    const row = await sql.get<{ must_change_password: number; password_hash: string }>(
      "SELECT must_change_password, password_hash FROM users WHERE login_name = 'teacher02'",
    );
    expect(Number(row?.must_change_password)).toBe(0);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);

    expect(json(await login(t.app, { username: 'teacher02', password: oneTime }))).toMatchObject({
      status: 400,
      code: 'invalid_grant',
    });
    const again = await signInWith('teacher02', NEW_PASSWORD);
    expect(await me(again)).toMatchObject({ data: { mustChangePassword: false } });
  });

  it('keeps the old password when the other sessions cannot be ended', async () => {
    const oneTime = await reset('teacher02');
    const session = await signInWith('teacher02', oneTime);
    const elsewhere = await signInWith('teacher02', oneTime);
    // The database refuses to end sessions: a failure between the two writes of a change.
    const sql = await t.database();
    await sql.exec(
      sql.dialect === 'sqlite'
        ? `CREATE TRIGGER refuse_session_end BEFORE UPDATE OF revoked_at ON sessions BEGIN
             SELECT RAISE(ABORT, 'sessions cannot be ended');
           END;`
        : `CREATE FUNCTION refuse_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'sessions cannot be ended'; END $$;
           CREATE TRIGGER refuse_session_end BEFORE UPDATE OF revoked_at ON sessions
             FOR EACH ROW EXECUTE FUNCTION refuse_session_end();`,
    );

    const answer = await change(session, { oldPassword: oneTime, newPassword: NEW_PASSWORD });
    expect(answer.statusCode).toBe(500);

    // Neither happened: the one-time password, its flag and the other session are as they were.
    expect(json(await get(elsewhere, API.me))).toMatchObject({ status: 200 });
    expect(json(await get(session, DESKTOP_API.unhandleCount))).toMatchObject(REQUIRED);
    expect(
      json(await login(t.app, { username: 'teacher02', password: NEW_PASSWORD })),
    ).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(json(await login(t.app, { username: 'teacher02', password: oneTime }))).toMatchObject({
      status: 200,
    });
  });

  it.each([
    [
      'too short',
      'Ab3$x',
      '新密码至少需要 8 个字符|||The new password needs at least 8 characters',
    ],
    ['guessable', 'password123', 'The new password is too easy to guess'],
    ['the login name', 'teacher02teacher02', 'The new password is too easy to guess'],
  ])('refuses a new password that is %s, with the reason on the field', async (_, weak, reason) => {
    const oneTime = await reset('teacher02');
    const session = await signInWith('teacher02', oneTime);
    const body = json(await change(session, { oldPassword: oneTime, newPassword: weak }));
    expect(body).toMatchObject({ status: 400, code: 'password_refused' });
    expect(body.fieldErrors).toHaveLength(1);
    expect(body.fieldErrors[0]?.field).toBe('newPassword');
    expect(body.fieldErrors[0]?.message).toContain(reason);
    // Nothing changed: still flagged, and the one-time password still signs in.
    expect(json(await get(session, DESKTOP_API.unhandleCount))).toMatchObject(REQUIRED);
    expect(json(await login(t.app, { username: 'teacher02', password: oneTime }))).toMatchObject({
      status: 200,
    });
  });

  it('refuses the current password as the new one', async () => {
    const session = await signInWith('teacher01', DEMO_PASSWORD);
    const body = json(
      await change(session, { oldPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }),
    );
    expect(body).toMatchObject({ status: 400, code: 'password_refused' });
    expect(body.fieldErrors).toEqual([
      {
        field: 'newPassword',
        message: '新密码不能与当前密码相同|||The new password must differ from the current one',
      },
    ]);
  });

  it('counts a wrong current password as a failed sign-in, up to the lock', async () => {
    const oneTime = await reset('teacher02');
    const session = await signInWith('teacher02', oneTime);
    const wrong = { oldPassword: 'not-the-password', newPassword: NEW_PASSWORD };

    const first = json(await change(session, wrong));
    expect(first).toMatchObject({
      status: 400,
      code: 'invalid_grant',
      data: { remaining: 4 },
      fieldErrors: [
        { field: 'oldPassword', message: '当前密码不正确|||The current password is incorrect' },
      ],
    });
    // A wrong sign-in and wrong changes share the account's count.
    expect(
      json(await login(t.app, { username: 'teacher02', password: 'nope-nope' })),
    ).toMatchObject({
      data: { remaining: 3 },
    });
    for (let i = 0; i < 3; i += 1) await change(session, wrong);
    // Locked: neither the right current password nor a sign-in gets through.
    expect(
      json(await change(session, { oldPassword: oneTime, newPassword: NEW_PASSWORD })),
    ).toMatchObject({
      status: 429,
      code: 'too_many_attempts',
    });
    expect(json(await login(t.app, { username: 'teacher02', password: oneTime }))).toMatchObject({
      status: 429,
    });
    expect(json(await get(session, DESKTOP_API.unhandleCount))).toMatchObject(REQUIRED);
  });

  it('refuses a change without a session, and one without the current password', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: API.changePassword,
      headers: { host: 'localhost' },
      payload: { oldPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(none.statusCode).toBe(401);
    const session = await signInWith('teacher01', DEMO_PASSWORD);
    const missing = await change(session, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toMatchObject({ code: 'invalid_request' });
  });
});

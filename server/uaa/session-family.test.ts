import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import {
  cookieOf,
  createTestApp,
  signIn,
  type TestApp,
  TEST_PASSWORD_COST,
} from '../testing/test-app';

/**
 * Session families: a sign-in and every session refreshed,
 * relogged or switched from it are one family. Logging out of any of them ends all of them, and
 * so does presenting a refresh token that has already been used (a stolen copy).
 */

interface Session {
  accessToken: string;
  cookie: string;
}

function sessionOf(response: LightMyRequestResponse): Session {
  const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
  const refreshToken = cookieOf(response, 'SY_REFRESH_TOKEN');
  if (accessToken === undefined || accessToken === '' || refreshToken === undefined) {
    throw new Error(`no session in ${response.body}`);
  }
  return {
    accessToken,
    cookie: `SY_ACCESS_TOKEN=${accessToken}; SY_REFRESH_TOKEN=${refreshToken}`,
  };
}

describe('session families', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 600,
    });
  });
  afterEach(async () => {
    await t.close();
  });

  async function me(session: Session): Promise<number> {
    return (await t.app.inject({ url: API.me, headers: { cookie: session.cookie } })).statusCode;
  }

  function refresh(session: Session): Promise<LightMyRequestResponse> {
    return t.app.inject({ url: API.refresh, headers: { cookie: session.cookie } });
  }

  async function refreshed(session: Session): Promise<Session> {
    return sessionOf(await refresh(session));
  }

  async function relogin(from: Session): Promise<Session> {
    const response = await t.app.inject({
      method: 'POST',
      url: API.relogin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ accessToken: from.accessToken }).toString(),
    });
    return sessionOf(response);
  }

  async function logout(session: Session): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { cookie: session.cookie },
    });
    expect(response.json()).toMatchObject({ status: 200, data: true });
  }

  /** Neither token of the session works any more. */
  async function expectEnded(session: Session): Promise<void> {
    expect(await me(session)).toBe(401);
    const again = await refresh(session);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'invalid_refresh' });
  }

  describe('relogin', () => {
    it('ends a relogin session when the session it came from logs out, cache included', async () => {
      const giver = await signIn(t.app, 'parent01');
      const taker = await relogin(giver);
      // Both answer (and the taker's record is now in the access cache).
      expect(await me(taker)).toBe(200);
      expect(await me(giver)).toBe(200);
      await logout(giver);
      await expectEnded(taker);
      await expectEnded(giver);
    });

    it('keeps a relogin session through refreshes of either, until a logout', async () => {
      const giver = await signIn(t.app, 'parent01');
      const taker = await relogin(giver);
      const giver2 = await refreshed(giver);
      expect(await me(taker)).toBe(200);
      const taker2 = await refreshed(taker);
      expect(await me(giver2)).toBe(200);
      expect(await me(taker2)).toBe(200);
      await logout(giver2);
      await expectEnded(taker2);
    });

    it('ends the session it came from when a relogin session logs out (one sign-out)', async () => {
      const giver = await signIn(t.app, 'parent01');
      const taker = await relogin(giver);
      const grandchild = await relogin(taker);
      await logout(grandchild);
      await expectEnded(giver);
      await expectEnded(taker);
    });

    it("leaves the same user's other sign-ins alone", async () => {
      const first = await signIn(t.app, 'parent01');
      const other = await signIn(t.app, 'parent01');
      await logout(await relogin(first));
      await expectEnded(first);
      expect(await me(other)).toBe(200);
    });
  });

  describe('refresh-token reuse', () => {
    it('ends the session that replaced a replayed refresh token', async () => {
      const first = await signIn(t.app, 'teacher01');
      const second = await refreshed(first);
      expect(await me(second)).toBe(200);
      const replay = await refresh(first);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toMatchObject({ status: 401, code: 'invalid_refresh' });
      expect(cookieOf(replay, 'SY_REFRESH_TOKEN')).toBe('');
      await expectEnded(second);
    });

    it('ends every session of the family: later rotations and relogins', async () => {
      const first = await signIn(t.app, 'teacher01');
      const second = await refreshed(first);
      const derived = await relogin(second);
      const third = await refreshed(second);
      expect(await me(derived)).toBe(200);
      await refresh(first);
      await expectEnded(third);
      await expectEnded(derived);
    });

    it('ends the identity a session switched to when the old refresh token comes back', async () => {
      const teacher = await signIn(t.app, 'teacher02');
      const switched = await t.app.inject({
        url: `${API.switchLogin}?userId=10007`,
        headers: { cookie: teacher.cookie },
      });
      const parent = sessionOf(switched);
      expect(await me(parent)).toBe(200);
      await refresh(teacher);
      await expectEnded(parent);
    });

    it('treats two refreshes racing with one token as reuse: both end', async () => {
      const first = await signIn(t.app, 'teacher01');
      const [a, b] = await Promise.all([refresh(first), refresh(first)]);
      const winner = [a, b].find((response) => response.statusCode === 200);
      const loser = [a, b].find((response) => response.statusCode === 401);
      expect(winner).toBeDefined();
      expect(loser?.json()).toMatchObject({ code: 'invalid_refresh' });
      if (winner) await expectEnded(sessionOf(winner));
    });

    it("leaves the user's other sign-ins alone", async () => {
      const first = await signIn(t.app, 'teacher01');
      const other = await signIn(t.app, 'teacher01');
      await refresh(first);
      await refresh(first);
      expect(await me(other)).toBe(200);
      expect((await refresh(other)).statusCode).toBe(200);
    });
  });
});

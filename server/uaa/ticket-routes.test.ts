import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import type { IssuedTicket } from '../../contract/auth';
import { cookieOf, createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app';
import { LOGIN_TICKET_TTL_MS } from './login-tickets';

function body<T>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json<ApiEnvelope<T>>();
}

describe('login tickets (spec §4 step 4)', () => {
  let t: TestApp;
  let teacher: SignedIn;
  beforeEach(async () => {
    t = await createTestApp();
    teacher = await signIn(t.app, 'teacher01');
  });
  afterEach(async () => {
    await t.close();
  });

  async function issue(session: SignedIn = teacher): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: API.ticketIssue,
      headers: { cookie: session.cookie, host: session.host },
    });
    expect(response.statusCode).toBe(200);
    const issued = body<IssuedTicket>(response).data;
    expect(issued.expiresIn).toBe(LOGIN_TICKET_TTL_MS / 1000);
    return issued.ticket;
  }

  function exchange(ticket: string, host = 'localhost'): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: API.ticketLogin,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host },
      payload: new URLSearchParams({ ticket, unitHost: host }).toString(),
    });
  }

  async function whoIs(response: LightMyRequestResponse): Promise<string> {
    const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
    const me = await t.app.inject({
      method: 'GET',
      url: API.me,
      headers: { cookie: `SY_ACCESS_TOKEN=${accessToken ?? ''}`, host: 'localhost' },
    });
    return body<{ loginName: string }>(me).data.loginName;
  }

  it('needs a session to issue one', async () => {
    const response = await t.app.inject({ method: 'POST', url: API.ticketIssue });
    expect(response.statusCode).toBe(401);
  });

  it('signs in once as the user it was issued to; its replay is refused', async () => {
    const ticket = await issue();
    const first = await exchange(ticket);
    expect(body(first).status).toBe(200);
    expect(await whoIs(first)).toBe('teacher01');

    const replay = await exchange(ticket);
    expect(body(replay)).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(cookieOf(replay, 'SY_ACCESS_TOKEN')).toBeUndefined();
  });

  it('refuses an expired ticket and an unknown one', async () => {
    const ticket = await issue();
    t.clock.advance(LOGIN_TICKET_TTL_MS);
    expect(body(await exchange(ticket))).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(body(await exchange('made-up-ticket'))).toMatchObject({ status: 400 });
  });

  it('is refused on another unit’s host and once the sign-in it came from has ended', async () => {
    const elsewhere = await issue();
    expect(body(await exchange(elsewhere, 'area.localhost'))).toMatchObject({ status: 400 });

    const ticket = await issue();
    await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { cookie: teacher.cookie, host: teacher.host, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(body(await exchange(ticket))).toMatchObject({ status: 400, code: 'invalid_grant' });
  });

  it('gives a session that ends when the giver logs out (one family)', async () => {
    const taken = await exchange(await issue());
    const accessToken = cookieOf(taken, 'SY_ACCESS_TOKEN') ?? '';
    await t.app.inject({
      method: 'POST',
      url: API.logout,
      headers: { cookie: teacher.cookie, host: teacher.host, 'content-type': 'application/json' },
      payload: '{}',
    });
    const me = await t.app.inject({
      method: 'GET',
      url: API.me,
      headers: { cookie: `SY_ACCESS_TOKEN=${accessToken}`, host: 'localhost' },
    });
    expect(me.statusCode).toBe(401);
  });
});

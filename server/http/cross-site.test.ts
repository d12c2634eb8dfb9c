import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import {
  createTestApp,
  DEMO_PASSWORD,
  signIn,
  type SignedIn,
  type TestApp,
} from '../testing/test-app';

const REFUSED = {
  status: 403,
  code: 'cross_site_request',
  message:
    "已拒绝来自其他网站的请求，请在本平台页面中操作|||A request from another site was refused. Please use the platform's own pages",
  data: null,
  fieldErrors: [],
};

type Headers = Record<string, string>;

const CROSS_SITE: Headers = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
const SAME_SITE: Headers = { 'sec-fetch-site': 'same-site', origin: 'http://area.localhost' };
const SAME_ORIGIN: Headers = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' };

function setTheme(app: FastifyInstance, cookie: string, headers: Headers, theme: string) {
  return app.inject({
    method: 'POST',
    url: DESKTOP_API.setTheme,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ type: 'color', theme: JSON.stringify({ theme }) }).toString(),
  });
}

async function colorOf(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ url: DESKTOP_API.myDesktopColor, headers: { cookie } });
  return response.json<{ data: string }>().data;
}

function me(app: FastifyInstance, cookie: string) {
  return app.inject({ url: API.me, headers: { cookie } });
}

describe('cross-site request forgery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a state-changing POST from another site and changes nothing', async () => {
    const { cookie } = await signIn(t.app, 'teacher02');
    const before = await colorOf(t.app, cookie);
    for (const headers of [
      CROSS_SITE,
      SAME_SITE,
      // A typed or pasted address is no page of ours either.
      { 'sec-fetch-site': 'none' },
      // Older browsers without Fetch Metadata: the Origin decides.
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:9999' },
    ]) {
      const response = await setTheme(t.app, cookie, headers, 'lotus');
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual(REFUSED);
    }
    expect(await colorOf(t.app, cookie)).toBe(before);
  });

  it("keeps the platform's own pages and non-browser callers working", async () => {
    const { cookie } = await signIn(t.app, 'teacher02');
    const own = await setTheme(t.app, cookie, SAME_ORIGIN, 'ink');
    expect(own.json()).toMatchObject({ status: 200, data: 'success' });
    expect(JSON.parse(await colorOf(t.app, cookie))).toMatchObject({ theme: 'ink' });
    // An older browser on our own page: Origin equals the Host it was sent to.
    const legacy = await setTheme(t.app, cookie, { origin: 'http://localhost:80' }, 'lotus');
    expect(legacy.json()).toMatchObject({ status: 200 });
    // No browser at all (a script, a partner's server): no cookies ride along by themselves.
    const script = await setTheme(t.app, cookie, {}, 'cartoon');
    expect(script.json()).toMatchObject({ status: 200 });
    expect(JSON.parse(await colorOf(t.app, cookie))).toMatchObject({ theme: 'cartoon' });
  });

  it('refuses a login posted by a foreign page (login CSRF) and sets no cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.login,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...CROSS_SITE },
      payload: new URLSearchParams({ username: 'student01', password: DEMO_PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(REFUSED);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the session-changing GETs on a cross-site navigation', async () => {
    const parent: SignedIn = await signIn(t.app, 'teacher02');
    // The identity switch (teacher02 → linked parent03, user 10007) and the refresh, navigated
    // to from a foreign page with SameSite=Lax cookies.
    const navigation = { ...CROSS_SITE, 'sec-fetch-mode': 'navigate' };
    // An encoded spelling reaches the same route and is judged as that route.
    for (const url of [
      `${API.switchLogin}?userId=10007`,
      API.refresh,
      API.refresh.replace('refresh', '%72efresh'),
    ]) {
      const response = await t.app.inject({
        url,
        headers: { cookie: parent.cookie, ...navigation },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(REFUSED);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    // The session is untouched: still signed in, and the refresh token still works from our page.
    const still = await me(t.app, parent.cookie);
    expect(still.json()).toMatchObject({ data: { loginName: 'teacher02' } });
    const refreshed = await t.app.inject({
      url: API.refresh,
      headers: { cookie: parent.cookie, ...SAME_ORIGIN },
    });
    expect(refreshed.json()).toMatchObject({ status: 200 });
  });

  it('lets reads through from anywhere (they change nothing; CORS keeps their answers)', async () => {
    const { cookie } = await signIn(t.app, 'teacher02');
    const response = await t.app.inject({ url: API.me, headers: { cookie, ...CROSS_SITE } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../contract/envelope';
import type { OAuthClientInfo } from '../../contract/oauth';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../testing/test-app';
import {
  DEFAULT_DEMO_PORTAL_SECRET,
  DEMO_APP_CLIENT_ID,
  DEMO_PORTAL_CLIENT_ID,
} from './oauth-clients-config';
import { s256Challenge } from './pkce';

const APP_REDIRECT = 'http://127.0.0.1:4567/callback';
const PORTAL_REDIRECT = 'http://localhost:8080/demo/partner/callback';
const VERIFIER = 'v'.repeat(20) + '-verifier-of-forty-three-chars-or-more';
const CHALLENGE = s256Challenge(VERIFIER);
const ISSUER = 'http://localhost';

function form(fields: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined) params.set(name, value);
  return params.toString();
}

function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  error?: string;
}

describe('the platform as an authorisation server', () => {
  let t: TestApp;
  let teacher: SignedIn;
  beforeEach(async () => {
    t = await createTestApp();
    teacher = await signIn(t.app, 'teacher01');
  });
  afterEach(async () => {
    await t.close();
  });

  /** POST shiyue_webauth from the authorisation page (same origin, signed in). */
  async function webAuth(
    fields: Record<string, string | undefined>,
    headers: Record<string, string> = {},
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/shiyue_webauth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        host: 'localhost',
        cookie: teacher.cookie,
        ...headers,
      },
      payload: form(fields),
    });
    return { response, body: response.json<ApiEnvelope<string | null>>() };
  }

  const appRequest = {
    response_type: 'code',
    client_id: DEMO_APP_CLIENT_ID,
    redirect_uri: APP_REDIRECT,
    state: 'st-1',
    unitHost: 'localhost',
    scope: 'profile',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
  };
  const portalRequest = {
    ...appRequest,
    client_id: DEMO_PORTAL_CLIENT_ID,
    redirect_uri: PORTAL_REDIRECT,
  };

  /** The answer URL of an accepted request, parsed. */
  async function authorize(fields: Record<string, string | undefined> = appRequest): Promise<URL> {
    const { body } = await webAuth(fields);
    expect(body.status).toBe(200);
    return new URL(body.data ?? '');
  }

  async function codeFor(fields: Record<string, string | undefined> = appRequest): Promise<string> {
    const url = await authorize(fields);
    const code = url.searchParams.get('code');
    if (code === null) throw new Error(`no code in ${url.toString()}`);
    return code;
  }

  function token(fields: Record<string, string | undefined>, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'localhost',
        ...headers,
      },
      payload: form(fields),
    });
  }

  function exchange(code: string, extra: Record<string, string | undefined> = {}) {
    return token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_REDIRECT,
      client_id: DEMO_APP_CLIENT_ID,
      code_verifier: VERIFIER,
      ...extra,
    });
  }

  function userinfo(accessToken: string, host = 'localhost') {
    return t.app.inject({
      method: 'GET',
      url: '/oauth/userinfo',
      headers: { authorization: `Bearer ${accessToken}`, host },
    });
  }

  describe('metadata (RFC 8414)', () => {
    it('describes the endpoints, S256 only and the iss parameter', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server',
        headers: { host: 'localhost' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/oauth/token`,
        userinfo_endpoint: `${ISSUER}/oauth/userinfo`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: [
          'client_secret_basic',
          'client_secret_post',
          'none',
        ],
        authorization_response_iss_parameter_supported: true,
      });
    });

    it('names each unit host as its own issuer, and a forged host the public origin', async () => {
      const area = await t.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server',
        headers: { host: 'area.localhost:8080' },
      });
      expect(area.json<{ issuer: string }>().issuer).toBe('http://area.localhost:8080');
      const forged = await t.app.inject({
        method: 'GET',
        url: '/.well-known/oauth-authorization-server',
        headers: { host: 'evil.example' },
      });
      expect(forged.json<{ issuer: string }>().issuer).toBe('http://localhost:8080');
    });
  });

  describe('the authorisation page’s client check', () => {
    async function clientInfo(query: string) {
      const response = await t.app.inject({ method: 'GET', url: `/api/uaa/oauth/client?${query}` });
      return {
        status: response.statusCode,
        body: response.json<ApiEnvelope<OAuthClientInfo | null>>(),
      };
    }

    it('says what the partner is and what it will receive', async () => {
      const { status, body } = await clientInfo(
        form({ client_id: DEMO_APP_CLIENT_ID, redirect_uri: APP_REDIRECT }),
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        clientId: DEMO_APP_CLIENT_ID,
        name: '演示应用|||Demo app',
        scopes: ['profile'],
      });
      expect(body.data?.logoUri).toMatch(/^data:image\/svg\+xml;base64,/);
    });

    it('refuses a missing client_id with the spec’s text', async () => {
      const { status, body } = await clientInfo('redirect_uri=x');
      expect(status).toBe(400);
      expect(body.code).toBe('missing_client_id');
      expect(body.message).toContain('Missing client_id, please go back and try again!');
    });

    it('refuses an unknown client and an unregistered or missing redirect_uri', async () => {
      expect(
        (await clientInfo(form({ client_id: 'nobody', redirect_uri: APP_REDIRECT }))).body.code,
      ).toBe('invalid_client');
      expect(
        (
          await clientInfo(
            form({ client_id: DEMO_APP_CLIENT_ID, redirect_uri: 'http://127.0.0.1:1/other' }),
          )
        ).body.code,
      ).toBe('invalid_redirect_uri');
      expect((await clientInfo(form({ client_id: DEMO_APP_CLIENT_ID }))).body.code).toBe(
        'invalid_redirect_uri',
      );
    });
  });

  describe('shiyue_webauth', () => {
    it('needs a signed-in user', async () => {
      const { response } = await webAuth(appRequest, { cookie: '' });
      expect(response.statusCode).toBe(401);
    });

    it('answers the redirect URL with code, state, source and iss', async () => {
      const url = await authorize();
      expect(`${url.origin}${url.pathname}`).toBe(APP_REDIRECT);
      expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('state')).toBe('st-1');
      expect(url.searchParams.get('source')).toBe('pc');
      expect(url.searchParams.get('iss')).toBe(ISSUER);
      const { body } = await webAuth(appRequest, { 'sy-device': 'app' });
      expect(new URL(body.data ?? '').searchParams.get('source')).toBe('app');
    });

    it.each([
      ['a trailing slash', DEMO_PORTAL_CLIENT_ID, `${PORTAL_REDIRECT}/`],
      ['another path', DEMO_PORTAL_CLIENT_ID, 'http://localhost:8080/demo/partner/other'],
      ['another port', DEMO_PORTAL_CLIENT_ID, 'http://localhost:9090/demo/partner/callback'],
      ['an extra query', DEMO_PORTAL_CLIENT_ID, `${PORTAL_REDIRECT}?next=/evil`],
      ['another loopback path', DEMO_APP_CLIENT_ID, 'http://127.0.0.1:4567/callback/'],
      ['an extra loopback query', DEMO_APP_CLIENT_ID, `${APP_REDIRECT}?x=1`],
      ['localhost for a loopback address', DEMO_APP_CLIENT_ID, 'http://localhost:4567/callback'],
    ])('refuses a redirect_uri with %s, answering no URL', async (_name, clientId, redirectUri) => {
      const { response, body } = await webAuth({
        ...appRequest,
        client_id: clientId,
        redirect_uri: redirectUri,
      });
      expect(response.statusCode).toBe(400);
      expect(body.code).toBe('invalid_redirect_uri');
      expect(body.data).toBeNull();
    });

    it('accepts the loopback URI on any port', async () => {
      const url = await authorize({
        ...appRequest,
        redirect_uri: 'http://127.0.0.1:61000/callback',
      });
      expect(url.port).toBe('61000');
    });

    it('sends Deny back as access_denied to the validated redirect URI', async () => {
      const url = await authorize({ ...appRequest, decision: 'deny' });
      expect(`${url.origin}${url.pathname}`).toBe(APP_REDIRECT);
      expect(url.searchParams.get('error')).toBe('access_denied');
      expect(url.searchParams.get('state')).toBe('st-1');
      expect(url.searchParams.get('iss')).toBe(ISSUER);
      expect(url.searchParams.has('code')).toBe(false);
    });

    it.each([
      [
        'no challenge from a public client',
        { code_challenge: undefined, code_challenge_method: undefined },
      ],
      ['the plain method', { code_challenge_method: 'plain' }],
      ['a challenge without method (plain by default)', { code_challenge_method: undefined }],
      ['a malformed challenge', { code_challenge: 'short' }],
      ['a method without challenge', { code_challenge: undefined }],
    ])('refuses %s with invalid_request at the redirect URI', async (_name, change) => {
      const url = await authorize({ ...appRequest, ...change });
      expect(url.searchParams.get('error')).toBe('invalid_request');
      expect(url.searchParams.has('code')).toBe(false);
    });

    it('refuses another response type and an unregistered scope', async () => {
      expect(
        (await authorize({ ...appRequest, response_type: 'token' })).searchParams.get('error'),
      ).toBe('unsupported_response_type');
      expect(
        (await authorize({ ...appRequest, scope: 'profile admin' })).searchParams.get('error'),
      ).toBe('invalid_scope');
    });
  });

  describe('the token endpoint and userinfo', () => {
    it('exchanges a code with PKCE and tells who signed in', async () => {
      const response = await exchange(await codeFor());
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const tokens = response.json<TokenAnswer>();
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'profile' });
      const info = await userinfo(tokens.access_token);
      expect(info.statusCode).toBe(200);
      expect(info.json()).toEqual({
        sub: expect.any(String) as string,
        name: '王老师',
        preferred_username: 'teacher01',
        unit_id: '1001',
        unit_name: '阳光实验小学',
        user_type: 2,
      });
    });

    it('refuses a code after its minute', async () => {
      const code = await codeFor();
      t.clock.advance(60_001);
      expect((await exchange(code)).json<TokenAnswer>().error).toBe('invalid_grant');
    });

    it('refuses a replayed code and revokes the tokens issued from it', async () => {
      const code = await codeFor();
      const tokens = (await exchange(code)).json<TokenAnswer>();
      const replay = await exchange(code);
      expect(replay.statusCode).toBe(400);
      expect(replay.json<TokenAnswer>().error).toBe('invalid_grant');
      expect((await userinfo(tokens.access_token)).statusCode).toBe(401);
      const refresh = await token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: DEMO_APP_CLIENT_ID,
      });
      expect(refresh.json<TokenAnswer>().error).toBe('invalid_grant');
    });

    it.each([
      ['a wrong verifier', { code_verifier: 'w'.repeat(43) }],
      ['no verifier (downgrade)', { code_verifier: undefined }],
      ['another redirect_uri', { redirect_uri: 'http://127.0.0.1:9999/callback' }],
    ])('refuses %s and spends the code', async (_name, change) => {
      const code = await codeFor();
      expect((await exchange(code, change)).json<TokenAnswer>().error).toBe('invalid_grant');
      expect((await exchange(code)).json<TokenAnswer>().error).toBe('invalid_grant');
    });

    it('refuses a verifier when no challenge was sent (PKCE downgrade)', async () => {
      const code = await codeFor({
        ...portalRequest,
        code_challenge: undefined,
        code_challenge_method: undefined,
      });
      const response = await token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: PORTAL_REDIRECT,
          code_verifier: VERIFIER,
        },
        { authorization: basic(DEMO_PORTAL_CLIENT_ID, DEFAULT_DEMO_PORTAL_SECRET) },
      );
      expect(response.json<TokenAnswer>().error).toBe('invalid_grant');
    });

    it('lets a confidential client without PKCE in with its secret', async () => {
      const code = await codeFor({
        ...portalRequest,
        code_challenge: undefined,
        code_challenge_method: undefined,
      });
      const response = await token(
        { grant_type: 'authorization_code', code, redirect_uri: PORTAL_REDIRECT },
        { authorization: basic(DEMO_PORTAL_CLIENT_ID, DEFAULT_DEMO_PORTAL_SECRET) },
      );
      expect(response.statusCode).toBe(200);
    });

    it('refuses a code issued to another client', async () => {
      const code = await codeFor();
      const response = await token(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: APP_REDIRECT,
          code_verifier: VERIFIER,
        },
        { authorization: basic(DEMO_PORTAL_CLIENT_ID, DEFAULT_DEMO_PORTAL_SECRET) },
      );
      expect(response.json<TokenAnswer>().error).toBe('invalid_grant');
    });

    describe('client authentication', () => {
      const portalExchange = async (
        auth: Record<string, string | undefined>,
        headers: Record<string, string> = {},
      ) => {
        const code = await codeFor(portalRequest);
        return token(
          {
            grant_type: 'authorization_code',
            code,
            redirect_uri: PORTAL_REDIRECT,
            code_verifier: VERIFIER,
            ...auth,
          },
          headers,
        );
      };

      it('accepts client_secret_basic and client_secret_post', async () => {
        expect(
          (
            await portalExchange(
              {},
              { authorization: basic(DEMO_PORTAL_CLIENT_ID, DEFAULT_DEMO_PORTAL_SECRET) },
            )
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await portalExchange({
              client_id: DEMO_PORTAL_CLIENT_ID,
              client_secret: DEFAULT_DEMO_PORTAL_SECRET,
            })
          ).statusCode,
        ).toBe(200);
      });

      it.each([
        ['a wrong secret', { client_id: DEMO_PORTAL_CLIENT_ID, client_secret: 'wrong' }, {}],
        ['no secret', { client_id: DEMO_PORTAL_CLIENT_ID }, {}],
        ['a wrong Basic secret', {}, { authorization: basic(DEMO_PORTAL_CLIENT_ID, 'wrong') }],
        [
          'two methods at once',
          { client_secret: DEFAULT_DEMO_PORTAL_SECRET },
          { authorization: basic(DEMO_PORTAL_CLIENT_ID, DEFAULT_DEMO_PORTAL_SECRET) },
        ],
        ['an unknown client', { client_id: 'nobody', client_secret: 'x' }, {}],
        ['no client at all', {}, {}],
      ])('refuses %s with 401 invalid_client', async (_name, auth, headers) => {
        const response = await portalExchange(auth, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json<TokenAnswer>().error).toBe('invalid_client');
        expect(response.headers['www-authenticate']).toMatch(/^Basic /);
      });

      it('refuses a secret from a public client', async () => {
        const response = await exchange(await codeFor(), { client_secret: 'anything-at-all' });
        expect(response.json<TokenAnswer>().error).toBe('invalid_client');
      });
    });

    it('rotates refresh tokens, and a refresh token used twice ends the grant', async () => {
      const first = (await exchange(await codeFor())).json<TokenAnswer>();
      const refresh = (refreshToken: string) =>
        token({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: DEMO_APP_CLIENT_ID,
        });
      const second = await refresh(first.refresh_token);
      expect(second.statusCode).toBe(200);
      const rotated = second.json<TokenAnswer>();
      expect(rotated.refresh_token).not.toBe(first.refresh_token);
      expect((await userinfo(rotated.access_token)).statusCode).toBe(200);
      expect((await refresh(first.refresh_token)).json<TokenAnswer>().error).toBe('invalid_grant');
      expect((await userinfo(rotated.access_token)).statusCode).toBe(401);
      expect((await refresh(rotated.refresh_token)).json<TokenAnswer>().error).toBe(
        'invalid_grant',
      );
    });

    it('refuses to refresh the tokens of an account disabled since', async () => {
      const first = (await exchange(await codeFor())).json<TokenAnswer>();
      const db = await t.database();
      await db.run("UPDATE users SET user_status = 0 WHERE login_name = 'teacher01'");
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: DEMO_APP_CLIENT_ID,
      });
      expect(refreshed.statusCode).toBe(400);
      expect(refreshed.json<TokenAnswer>().error).toBe('invalid_grant');
      expect((await userinfo(first.access_token)).statusCode).toBe(401);
    });

    it('answers RFC 6749 errors for a malformed request', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ grant_type: 'authorization_code' }),
      });
      expect(json.json<TokenAnswer>().error).toBe('invalid_request');
      expect(
        (await token({ grant_type: 'password', client_id: DEMO_APP_CLIENT_ID })).json<TokenAnswer>()
          .error,
      ).toBe('unsupported_grant_type');
      expect(
        (
          await token({ grant_type: 'authorization_code', client_id: DEMO_APP_CLIENT_ID })
        ).json<TokenAnswer>().error,
      ).toBe('invalid_request');
    });

    it('keeps the code to its unit’s host', async () => {
      const response = await exchange(await codeFor(), {});
      expect(response.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'area.localhost' },
        payload: form({
          grant_type: 'authorization_code',
          code: await codeFor(),
          redirect_uri: APP_REDIRECT,
          client_id: DEMO_APP_CLIENT_ID,
          code_verifier: VERIFIER,
        }),
      });
      expect(other.json<TokenAnswer>().error).toBe('invalid_grant');
      const tokens = response.json<TokenAnswer>();
      expect((await userinfo(tokens.access_token, 'area.localhost')).statusCode).toBe(401);
    });

    it('keeps partner tokens out of the platform API, and platform tokens out of userinfo', async () => {
      const tokens = (await exchange(await codeFor())).json<TokenAnswer>();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/uaa/oauth/me',
        headers: { authorization: `Bearer ${tokens.access_token}`, host: 'localhost' },
      });
      expect(me.statusCode).toBe(401);
      const desktop = await t.app.inject({
        method: 'GET',
        url: '/api/base/desktop/my_app_icon',
        headers: { cookie: `SY_ACCESS_TOKEN=${tokens.access_token}`, host: 'localhost' },
      });
      expect(desktop.statusCode).toBe(401);
      const info = await userinfo(teacher.accessToken);
      expect(info.statusCode).toBe(401);
      expect(info.headers['www-authenticate']).toContain('error="invalid_token"');
      expect((await t.app.inject({ method: 'GET', url: '/oauth/userinfo' })).statusCode).toBe(401);
    });

    it('sends no CORS headers', async () => {
      const origin = { origin: 'https://partner.example.org' };
      const answers = await Promise.all([
        t.app.inject({
          method: 'GET',
          url: '/.well-known/oauth-authorization-server',
          headers: origin,
        }),
        t.app.inject({ method: 'GET', url: '/oauth/userinfo', headers: origin }),
        t.app.inject({
          method: 'OPTIONS',
          url: '/oauth/token',
          headers: { ...origin, 'access-control-request-method': 'POST' },
        }),
      ]);
      for (const answer of answers) {
        expect(
          Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
        ).toEqual([]);
      }
    });
  });

  describe('the authorisation page', () => {
    it('cannot be framed and sends no Referer', async () => {
      const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-oauth-web-'));
      fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>EduDesk</title>');
      await t.close();
      t = await createTestApp({ webRoot });
      const response = await t.app.inject({ method: 'GET', url: '/authorize?client_id=x' });
      fs.rmSync(webRoot, { recursive: true, force: true });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>EduDesk</title>');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });
  });

  describe('the demo partner', () => {
    it('sends the browser to the authorisation page with state and an S256 challenge', async () => {
      const start = await t.app.inject({ method: 'GET', url: '/demo/partner/start' });
      expect(start.statusCode).toBe(303);
      const location = new URL(String(start.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe('http://localhost:8080/authorize');
      expect(location.searchParams.get('client_id')).toBe(DEMO_PORTAL_CLIENT_ID);
      expect(location.searchParams.get('redirect_uri')).toBe(PORTAL_REDIRECT);
      expect(location.searchParams.get('code_challenge_method')).toBe('S256');
      expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/);
    });

    it('refuses a callback this browser did not start', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/demo/partner/callback?code=x&state=forged&iss=http%3A%2F%2Flocalhost%3A8080',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('This sign-in was not started here');
    });

    it('shows "Sign in with EduDesk"', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/demo/partner/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Sign in with EduDesk');
    });
  });
});

import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DEFAULT_OPTIONS } from '../../server/config';
import { SEED_USERS } from '../../server/db/seed-data';
import { DEMO_PASSWORD, freePort, keepScreenshot, signIn, WEB_ROOT } from './harness';
import { e2eSuite } from './suite';

const suite = e2eSuite();
const APP_CLIENT_ID = 'edudesk-demo-app';
/** Any port on the loopback address (RFC 8252 §7.3); nothing listens: the browser is stopped there. */
const CALLBACK = 'http://127.0.0.1:48123/callback';
const TEACHER01_SUB = String(SEED_USERS.find((user) => user.loginName === 'teacher01')?.id);

/** A partner application written with a standard OAuth library, not with our code. */
async function partner(): Promise<client.Configuration> {
  return client.discovery(new URL(suite.server.url), APP_CLIENT_ID, undefined, client.None(), {
    algorithm: 'oauth2',
    // The reference server runs on plain http in the tests; a real partner talks https.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the library's own opt-in for http
    execute: [client.allowInsecureRequests],
  });
}

/** Catches the browser's arrival at the partner's loopback callback and answers it. */
function catchCallback(page: Page): Promise<URL> {
  return new Promise((resolve) => {
    void page.context().route(
      (url) => url.hostname === '127.0.0.1' && url.pathname === '/callback',
      async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'partner callback' });
      },
    );
  });
}

describe('partner applications sign users in through the platform', () => {
  it('completes the code flow with PKCE through the authorisation page and reads userinfo', async () => {
    const config = await partner();
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'profile',
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(url.pathname).toBe('/authorize');

    const { page } = await suite.open(url.href);
    const callback = catchCallback(page);
    // Signed out: the page asks to sign in first, then comes back to the question.
    await page.getByText('请先登录，以便让「演示应用」知道您是谁。').waitFor();
    await signIn(page, 'teacher01', DEMO_PASSWORD);
    await page.getByRole('heading', { name: '「演示应用」请求使用您的平台账号登录' }).waitFor();
    await page.getByText('当前登录：王老师。').waitFor();
    await page.getByText('您的姓名、用户名、所在单位和用户类型').waitFor();
    await keepScreenshot(page, 'oauth-consent');
    await page.getByRole('button', { name: /同\s*意/ }).click();

    const answer = await callback;
    expect(answer.searchParams.get('source')).toBe('pc');
    const tokens = await client.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
    const info = await client.fetchUserInfo(config, tokens.access_token, TEACHER01_SUB);
    expect(info).toMatchObject({ name: '王老师', preferred_username: 'teacher01' });

    // The partner's token opens userinfo only, never the platform's own API.
    const me = await fetch(`${suite.server.url}/api/uaa/oauth/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(401);
  });

  it('returns access_denied when the user denies', async () => {
    const config = await partner();
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'profile',
      state: 'deny-state',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { page } = await suite.open(`${url.href}&lang=en`);
    const callback = catchCallback(page);
    await signIn(page, 'teacher02', DEMO_PASSWORD);
    await page.getByRole('heading', { name: 'Demo app wants to sign you in' }).waitFor();
    await page.getByRole('button', { name: 'Deny' }).click();
    const answer = await callback;
    expect(answer.searchParams.get('error')).toBe('access_denied');
    expect(answer.searchParams.get('state')).toBe('deny-state');
    expect(answer.searchParams.has('code')).toBe(false);
    await expect(
      client.authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: verifier,
        expectedState: 'deny-state',
      }),
    ).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('says client_id is missing', async () => {
    const { page } = await suite.open('/authorize?lang=en');
    await page.getByText('Missing client_id, please go back and try again!').waitFor();
  });

  it('shows an unregistered redirect_uri as an error and stays on the page', async () => {
    const address = `/authorize?response_type=code&client_id=${APP_CLIENT_ID}&redirect_uri=${encodeURIComponent('http://127.0.0.1:48123/elsewhere')}&state=s&lang=en`;
    const { page } = await suite.open(address);
    await page
      .getByText('The address this application asked to return to is not the one registered')
      .waitFor();
    expect(page.url()).toBe(`${suite.server.url}${address}`);
    await expect(page.getByPlaceholder('Please enter account number').count()).resolves.toBe(0);
  });
});

describe('the demo portal (a confidential client served by the reference server)', () => {
  let origin = '';
  let close: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://localhost:${String(port)}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-e2e-portal-'));
    // The portal's registered redirect URI is on the public origin, so the server needs it.
    const app = await buildApp({
      ...DEFAULT_OPTIONS,
      dataDir,
      webRoot: WEB_ROOT,
      port,
      host: '127.0.0.1',
      logger: false,
      publicOrigin: origin,
    });
    await app.listen({ port, host: '127.0.0.1' });
    close = async () => {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      rmSync(dataDir, { recursive: true, force: true });
    };
  });

  afterAll(async () => {
    await close();
  });

  it('signs in with EduDesk and shows the user it received', async () => {
    const { page } = await suite.open(`${origin}/demo/partner/`);
    await page.getByRole('link', { name: /Sign in with EduDesk/ }).click();
    await page.getByText('请先登录，以便让「校园门户（演示）」知道您是谁。').waitFor();
    await signIn(page, 'parent01', DEMO_PASSWORD);
    await page.getByRole('button', { name: /同\s*意/ }).click();
    await page.getByText('Signed in: 张家长 (parent01)').waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/partner/callback');
    await keepScreenshot(page, 'oauth-demo-portal');
  });
});

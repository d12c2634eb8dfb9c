import { createHash, randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, launchBrowser } from '../e2e/harness';
import { measurePageWeight } from './login-page-size';
import { sessionCookie } from './me-throughput';

type Row = (name: string, value: string, target: string, pass: boolean) => void;

const CLIENT_ID = 'edudesk-demo-app';
const CALLBACK = 'http://127.0.0.1:48123/callback';

/**
 * The figures: the authorisation page's initial JavaScript (reported, kept small), and
 * the authorisation round trip from the page shown to the partner holding tokens, counted as
 * sequential requests (the browser's after Allow, then the partner's token request).
 */
const ASSET_TYPES = new Set(['script', 'stylesheet', 'image', 'font']);

export async function runOAuthBenchmarks(row: Row, base: string): Promise<boolean> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: CALLBACK,
    scope: 'profile',
    state: 'bench',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const url = `${base}/authorize?${query.toString()}`;
  const cookie = await sessionCookie(base, 'teacher01', DEMO_PASSWORD);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ extraHTTPHeaders: { cookie } });
    const weight = await measurePageWeight(browser, url, context, async (page) => {
      await page.getByRole('button', { name: /同\s*意/ }).waitFor();
    });
    row('authorisation page initial JS (gzip)', `${weight.jsKb.toFixed(1)} KB`, '(reported)', true);

    // The round trip: every request the page makes after Allow until the partner is reached.
    const page = await context.newPage();
    await page.goto(url);
    const allow = page.getByRole('button', { name: /同\s*意/ });
    await allow.waitFor();
    const requests: string[] = [];
    // Code and style the page fetches meanwhile (a lazily loaded chunk) are not round trips of
    // the authorisation: they run beside it, never before its next call.
    page.on('request', (request) => {
      if (ASSET_TYPES.has(request.resourceType())) return;
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const callback = new Promise<URL>((resolve) => {
      void context.route(
        (target) => target.hostname === '127.0.0.1' && target.pathname === '/callback',
        async (route) => {
          resolve(new URL(route.request().url()));
          await route.fulfill({ status: 200, contentType: 'text/plain', body: 'partner' });
        },
      );
    });
    await allow.click();
    const answer = await callback;
    const token = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: answer.searchParams.get('code') ?? '',
        redirect_uri: CALLBACK,
        client_id: CLIENT_ID,
        code_verifier: verifier,
      }).toString(),
    });
    const tokens = (await token.json()) as { access_token?: string };
    const sequential = requests.length + 1;
    const ok = typeof tokens.access_token === 'string';
    row(
      'authorisation round trip (sequential requests)',
      `${String(sequential)}: ${[...requests, 'POST /oauth/token'].join(', ')}`,
      '≤ 3, tokens issued',
      ok && sequential <= 3,
    );
    await context.close();
    return !ok || sequential > 3;
  } finally {
    await browser.close();
  }
}

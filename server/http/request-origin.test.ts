import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HELP_CENTRE_PATH } from '../../contract/api-paths';
import type { SsoLoginTarget } from '../../contract/sso';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

describe('links the server builds', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ publicOrigin: 'https://edu.example.org' });
    ({ cookie } = await signIn(t.app, 'teacher01'));
  });
  afterAll(async () => {
    await t.close();
  });

  async function ssoUrls(host: string): Promise<string[]> {
    const response = await t.app.inject({ url: API.ssoLoginUrl, headers: { cookie, host } });
    return response.json<{ data: SsoLoginTarget[] }>().data.map((target) => target.url);
  }

  it('builds single-sign-on ticket URLs from a configured host, never a forged one', async () => {
    for (const url of await ssoUrls('school.localhost:8080')) {
      expect(url).toMatch(/^http:\/\/school\.localhost:8080\/sso-demo\//);
    }
    for (const host of ['evil.example', 'evil.example:8080', 'localhost@evil.example']) {
      for (const url of await ssoUrls(host)) {
        expect(url, host).toMatch(/^https:\/\/edu\.example\.org\/sso-demo\//);
      }
    }
  });

  it("follows the help centre's way back only to a configured host", async () => {
    const back = (host: string, redUrl: string) =>
      t.app
        .inject({
          url: `${HELP_CENTRE_PATH}?redUrl=${encodeURIComponent(redUrl)}&unitId=1001`,
          headers: { host },
        })
        .then((response) => response.body);
    expect(await back('localhost:8080', 'http://localhost:8080/pages/x')).toContain(
      'href="http://localhost:8080/pages/x"',
    );
    // A forged Host cannot turn the back link into a redirect to the forger's site.
    const forged = await back('evil.example', 'http://evil.example/phish');
    expect(forged).not.toContain('evil.example/phish');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { STANDIN_DEMO, STANDIN_PATHS } from './index';

const HOST = 'localhost:8080';

/**
 * The stand-ins mounted on the reference server itself (its cross-site guard, body parsers,
 * error and not-found handlers), as server/app.ts registers them. One server for
 * the file (seeding it is the slow part); each test opens its own QR code.
 */
describe('the stand-ins mounted on the reference server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // server/app.ts mounts the stand-ins (no provider host is configured here).
    // A poll that sees no change answers at once (nothing else would wake it in these tests).
    t = await createTestApp({ socialStandinLongPollMs: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function openQr(): Promise<string> {
    const website = STANDIN_DEMO.weixinApps[0];
    const page = await t.app.inject({
      method: 'GET',
      url: `${STANDIN_PATHS.qrConnect}?${new URLSearchParams({
        appid: website?.appId ?? '',
        redirect_uri: `http://${HOST}/#/login`,
        scope: 'snsapi_login',
        state: 's',
      }).toString()}`,
      headers: { host: HOST },
    });
    expect(page.statusCode).toBe(200);
    const uuid = /confirm\?uuid=([A-Za-z0-9_-]+)/.exec(page.body)?.[1];
    if (uuid === undefined) throw new Error('no phone link');
    return uuid;
  }

  function confirm(uuid: string, site: string) {
    return t.app.inject({
      method: 'POST',
      url: STANDIN_PATHS.weixinConfirm,
      headers: {
        host: HOST,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': site,
      },
      payload: new URLSearchParams({
        uuid,
        identity: STANDIN_DEMO.identities[0]?.key ?? '',
        action: 'confirm',
      }).toString(),
    });
  }

  async function status(uuid: string): Promise<string> {
    const response = await t.app.inject({
      method: 'GET',
      url: `${STANDIN_PATHS.weixinLongPoll}?uuid=${uuid}&last=404`,
      headers: { host: HOST },
    });
    return response.body;
  }

  it('takes the phone page’s same-origin confirmation', async () => {
    const uuid = await openQr();
    expect((await confirm(uuid, 'same-origin')).statusCode).toBe(200);
    expect(await status(uuid)).toMatch(
      /^window\.wx_errcode=405;window\.wx_code='[A-Za-z0-9_-]+';$/,
    );
  });

  it('refuses a cross-site confirmation (the guard answers 403) and the QR code stays unconfirmed', async () => {
    const uuid = await openQr();
    const response = await confirm(uuid, 'cross-site');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_site_request' });
    expect(await status(uuid)).not.toContain('405');
  });

  it('answers the API with the provider’s JSON, not the platform envelope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${STANDIN_PATHS.snsAccessToken}?appid=x`,
      headers: { host: HOST },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ errcode: 41004 });
  });
});

import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { HELP_CENTRE_PATH } from '../../contract/api-paths';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { REDACTED, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces the values of credential parameters and keeps everything else', () => {
    expect(redactUrl('/common/help/index.html?redUrl=%2Fx&accessToken=abc&unitId=1001')).toBe(
      `/common/help/index.html?redUrl=%2Fx&accessToken=${REDACTED}&unitId=1001`,
    );
    expect(redactUrl('/cb?code=xyz&state=s1&access_token=t#frag')).toBe(
      `/cb?code=${REDACTED}&state=s1&access_token=${REDACTED}#frag`,
    );
    expect(redactUrl('/login?cid=device-secret&lang=en')).toBe(`/login?cid=${REDACTED}&lang=en`);
    expect(redactUrl('/x?REFRESH_TOKEN=a&Password=b&client_secret=c&ticket=d')).toBe(
      `/x?REFRESH_TOKEN=${REDACTED}&Password=${REDACTED}&client_secret=${REDACTED}&ticket=${REDACTED}`,
    );
    // An encoded name is recognised; a name that does not decode is judged as sent.
    expect(redactUrl('/x?access%54oken=a&%zz=b')).toBe(`/x?access%54oken=${REDACTED}&%zz=b`);
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?flag&userId=7')).toBe('/x?flag&userId=7');
  });
});

describe('the request log', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('never writes an access token, a cookie or an Authorization header', async () => {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    t = await createTestApp({ logger: true, logStream: stream });
    const session = await signIn(t.app, 'teacher01');

    await t.app.inject({
      url: `${HELP_CENTRE_PATH}?redUrl=%2F&accessToken=${session.accessToken}&unitId=1001`,
    });
    await t.app.inject({
      url: '/api/uaa/oauth/me',
      headers: { authorization: `Bearer ${session.accessToken}`, cookie: session.cookie },
    });
    t.app.log.info(
      {
        req: {
          headers: { authorization: `Bearer ${session.accessToken}`, cookie: session.cookie },
        },
      },
      'a line that logs headers',
    );

    await t.close();
    t = undefined;
    expect(written).toContain(`${HELP_CENTRE_PATH}?redUrl=%2F&accessToken=${REDACTED}&unitId=1001`);
    expect(written).toContain('a line that logs headers');
    expect(written).not.toContain(session.accessToken);
    expect(written).not.toContain(session.refreshToken);
  });
});

import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { HELP_CENTRE_PATH } from '../../contract/api-paths';
import { SEED_USERS } from '../db/seed-data';
import {
  cookieOf,
  createTestApp,
  DEMO_PASSWORD,
  login,
  signIn,
  type TestApp,
} from '../testing/test-app';
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

  /** The JSON lines written to a stream, as an operator's log collector reads them. */
  function collect(stream: PassThrough): () => Record<string, unknown>[] {
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
    return () =>
      written
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('writes a sign-in with the real client address and the user id, never a credential', async () => {
    const stream = new PassThrough();
    const lines = collect(stream);
    t = await createTestApp({ logger: true, logStream: stream, trustProxy: 1 });
    const behindProxy = { 'x-forwarded-for': '203.0.113.9' };
    const response = await login(
      t.app,
      { username: 'teacher01', headers: behindProxy },
      '10.0.0.2',
    );
    const accessToken = cookieOf(response, 'SY_ACCESS_TOKEN');
    const refreshToken = cookieOf(response, 'SY_REFRESH_TOKEN');
    expect(accessToken).toBeTruthy();
    await t.app.inject({
      url: '/api/uaa/oauth/me',
      headers: { ...behindProxy, cookie: `SY_ACCESS_TOKEN=${accessToken ?? ''}` },
      remoteAddress: '10.0.0.2',
    });
    await t.close();
    t = undefined;

    const teacher = SEED_USERS.find((user) => user.loginName === 'teacher01');
    const written = lines();
    for (const url of ['/api/uaa/oauth/login', '/api/uaa/oauth/me']) {
      const incoming = written.find(
        (line) => (line.req as { url?: string } | undefined)?.url === url,
      );
      expect(incoming, url).toMatchObject({ req: { remoteAddress: '203.0.113.9' } });
      const completed = written.find(
        (line) => line.reqId === incoming?.reqId && line.msg === 'request completed',
      );
      expect(completed, url).toMatchObject({ res: { statusCode: 200, userId: teacher?.id } });
    }
    const text = JSON.stringify(written);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain(accessToken);
    expect(text).not.toContain(refreshToken);
    expect(text).not.toContain('SY_ACCESS_TOKEN');
    expect(text).not.toContain('10.0.0.2');
  });

  it('writes only lines at or above EDUDESK_LOG_LEVEL', async () => {
    const stream = new PassThrough();
    const lines = collect(stream);
    t = await createTestApp({ logger: true, logStream: stream, logLevel: 'warn' });
    await signIn(t.app, 'teacher01');
    t.app.log.warn('a warning');
    await t.close();
    t = undefined;
    const written = lines();
    expect(written.map((line) => line.msg)).toContain('a warning');
    expect(written.every((line) => Number(line.level) >= 40)).toBe(true);
    expect(written.some((line) => 'req' in line || 'res' in line)).toBe(false);
  });
});

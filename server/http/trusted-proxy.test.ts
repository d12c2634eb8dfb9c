import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import { loadOptionsFromEnv, type ServerOptions } from '../config';
import { createTestApp, login, type TestApp } from '../testing/test-app';

/** The proxy options server/main.ts would get from these variables. */
function proxyEnv(env: Record<string, string>): Partial<ServerOptions> {
  const { trustProxy, trustForwardedHost } = loadOptionsFromEnv(env);
  return { trustProxy, trustForwardedHost };
}

describe('EDUDESK_TRUST_PROXY and EDUDESK_TRUST_FORWARDED_HOST', () => {
  const trust = (value: string) => loadOptionsFromEnv({ EDUDESK_TRUST_PROXY: value }).trustProxy;

  it('trusts nobody unless told', () => {
    expect(loadOptionsFromEnv({}).trustProxy).toBe(false);
    for (const value of ['', ' ', '0', 'false', 'off', 'NO'])
      expect(trust(value), value).toBe(false);
  });

  it('reads a hop count', () => {
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('16')).toBe(16);
  });

  it('reads addresses and CIDR ranges, IPv4 and IPv6, and the named ranges', () => {
    expect(trust('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(trust('10.0.0.2, 10.0.1.0/24,fd00::/8 ,::1,loopback')).toEqual([
      '10.0.0.2',
      '10.0.1.0/24',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses to trust every hop, saying what to give instead', () => {
    for (const value of ['true', 'TRUE', 'all', 'yes', 'on', '*']) {
      expect(() => trust(value), value).toThrow(
        /EDUDESK_TRUST_PROXY=.* would trust every hop.*1 for one balancer/,
      );
    }
  });

  it('refuses what is neither a hop count nor addresses', () => {
    for (const value of ['17', '1.5', '-1', '10.0.0.300', '10.0.0.0/33', 'fd00::/129']) {
      expect(() => trust(value), value).toThrow(/EDUDESK_TRUST_PROXY/);
    }
    expect(() => trust('proxy.example, 10.0.0.2')).toThrow(/"proxy\.example"/);
    expect(() => trust('10.0.0.2,')).toThrow(/not an address/);
  });

  it('takes the forwarded host only with a trusted proxy, off by default', () => {
    expect(loadOptionsFromEnv({}).trustForwardedHost).toBe(false);
    expect(loadOptionsFromEnv({ EDUDESK_TRUST_PROXY: '1' }).trustForwardedHost).toBe(false);
    expect(
      loadOptionsFromEnv({ EDUDESK_TRUST_PROXY: '1', EDUDESK_TRUST_FORWARDED_HOST: '1' })
        .trustForwardedHost,
    ).toBe(true);
    expect(() => loadOptionsFromEnv({ EDUDESK_TRUST_FORWARDED_HOST: '1' })).toThrow(
      /EDUDESK_TRUST_FORWARDED_HOST needs EDUDESK_TRUST_PROXY/,
    );
  });
});

describe('a client behind a trusted proxy', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  async function start(overrides: Partial<ServerOptions>): Promise<TestApp> {
    const t = await createTestApp(overrides);
    apps.push(t);
    return t;
  }

  function unitOf(
    t: TestApp,
    headers: Record<string, string>,
    remoteAddress = '127.0.0.1',
  ): Promise<string> {
    return t.app
      .inject({ url: API.loginConfig, headers: { host: 'localhost', ...headers }, remoteAddress })
      .then((response) => response.json<{ data: { unitId: string } }>().data.unitId);
  }

  it('cannot choose its address with X-Forwarded-For: rotating it, it stays one address', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    const t = await start({
      ...proxyEnv({ EDUDESK_TRUST_PROXY: '1' }),
      throttle: { ...loadOptionsFromEnv({}).throttle, maxFailuresPerAddress: 3 },
      logger: true,
      logStream,
    });
    // What a balancer that appends the address it saw (the client's header first) passes on.
    const through = (n: number) => ({ 'x-forwarded-for': `198.51.100.${String(n)}, 203.0.113.7` });
    for (let n = 1; n <= 3; n += 1) {
      const failed = await login(t.app, {
        username: `nobody${String(n)}`,
        password: 'wrong',
        headers: through(n),
      });
      expect(failed.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    }
    // The fourth sign-in, from "another" address, meets the address's proof of work.
    const fourth = await login(t.app, { username: 'teacher01', headers: through(4) });
    expect(fourth.json()).toMatchObject({ status: 428, code: 'proof_of_work_required' });

    const addresses = lines
      .filter((line) => line.includes('"remoteAddress"'))
      .map((line) => (JSON.parse(line) as { req: { remoteAddress: string } }).req.remoteAddress);
    expect(addresses.length).toBeGreaterThanOrEqual(4);
    expect(new Set(addresses)).toEqual(new Set(['203.0.113.7']));
  });

  it('is itself the address when it connects directly, not through the listed proxy', async () => {
    const t = await start(proxyEnv({ EDUDESK_TRUST_PROXY: '10.0.0.2' }));
    t.app.get('/test/ip', (request) => ({ ip: request.ip }));
    const ip = (remoteAddress: string) =>
      t.app
        .inject({ url: '/test/ip', headers: { 'x-forwarded-for': '198.51.100.1' }, remoteAddress })
        .then((response) => response.json<{ ip: string }>().ip);
    expect(await ip('192.0.2.9')).toBe('192.0.2.9');
    expect(await ip('10.0.0.2')).toBe('198.51.100.1');
  });

  it('cannot switch the unit with X-Forwarded-Host', async () => {
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
    const t = await start({
      ...proxyEnv({ EDUDESK_TRUST_PROXY: '1' }),
      logger: true,
      logStream,
    });
    expect(await unitOf(t, { 'x-forwarded-host': 'area.localhost' })).toBe('1001');
    // The tenancy rule reads the same host: teacher01 (unit 1001) signs in on localhost.
    const signedIn = await login(t.app, {
      username: 'teacher01',
      host: 'localhost',
      headers: { 'x-forwarded-host': 'area.localhost' },
    });
    expect(signedIn.json()).toMatchObject({ status: 200 });
    const area = await login(t.app, {
      username: 'area01',
      host: 'localhost',
      headers: { 'x-forwarded-host': 'area.localhost' },
    });
    expect(area.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    const hosts = lines
      .filter((line) => line.includes('"host"'))
      .map((line) => (JSON.parse(line) as { req: { host: string } }).req.host);
    expect(hosts.length).toBeGreaterThan(0);
    expect(new Set(hosts)).toEqual(new Set(['localhost']));
  });

  it("takes the trusted proxy's X-Forwarded-Host when EDUDESK_TRUST_FORWARDED_HOST is on", async () => {
    const t = await start(
      proxyEnv({ EDUDESK_TRUST_PROXY: '10.0.0.2', EDUDESK_TRUST_FORWARDED_HOST: '1' }),
    );
    expect(await unitOf(t, { 'x-forwarded-host': 'area.localhost' }, '10.0.0.2')).toBe('2001');
    expect(await unitOf(t, {}, '10.0.0.2')).toBe('1001');
    // From anyone but the proxy, the header is the client's own: ignored.
    expect(await unitOf(t, { 'x-forwarded-host': 'area.localhost' }, '192.0.2.9')).toBe('1001');
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, loadOptionsFromEnv } from './config';

describe('loadOptionsFromEnv', () => {
  it('uses the documented defaults', () => {
    const options = loadOptionsFromEnv({}, '/srv/edudesk');
    expect(options.dataDir).toBe(path.resolve('/srv/edudesk/.edudesk-data'));
    expect(options.webRoot.endsWith(path.join('dist', 'web'))).toBe(true);
    expect(options.port).toBe(8080);
    expect(options.host).toBe('localhost');
    expect(options.accessTokenTtlSeconds).toBe(7200);
    expect(options.refreshTokenTtlSeconds).toBe(7 * 24 * 3600);
    expect(options.demoPassword).toBe('Edu@2026');
    expect(options.throttle).toEqual({
      maxFailures: 5,
      maxFailuresPerAddress: 20,
      maxFailuresPerDevice: 10,
      windowSeconds: 900,
      lockSeconds: 300,
      maxInFlightPerAddress: 16,
    });
    expect(options.defaultUnitId).toBe(1001);
    expect(options.secureCookies).toBe(false);
    expect(options.trustProxy).toBe(false);
    expect(options.passwordCost).toEqual({ memoryKiB: 19456, iterations: 2 });
    expect(options.now).toBeUndefined();
  });

  it('reads every variable', () => {
    const options = loadOptionsFromEnv(
      {
        EDUDESK_DATA_DIR: 'data',
        EDUDESK_WEB_ROOT: '/var/www/edudesk',
        PORT: '9000',
        HOST: '0.0.0.0',
        EDUDESK_ACCESS_TTL: '60',
        EDUDESK_REFRESH_TTL: '3600',
        EDUDESK_DEMO_PASSWORD: 'Other@2026',
        EDUDESK_LOGIN_MAX_FAILURES: '3',
        EDUDESK_LOGIN_MAX_FAILURES_PER_ADDRESS: '10',
        EDUDESK_LOGIN_MAX_FAILURES_PER_DEVICE: '4',
        EDUDESK_LOGIN_WINDOW_SECONDS: '60',
        EDUDESK_LOGIN_LOCK_SECONDS: '30',
        EDUDESK_DEFAULT_UNIT_ID: '2001',
        EDUDESK_LOG: '0',
        EDUDESK_SECURE_COOKIES: '1',
        EDUDESK_TRUST_PROXY: '10.0.0.0/8',
      },
      '/srv/edudesk',
    );
    expect(options).toMatchObject({
      dataDir: path.resolve('/srv/edudesk/data'),
      webRoot: path.resolve('/var/www/edudesk'),
      port: 9000,
      host: '0.0.0.0',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      demoPassword: 'Other@2026',
      throttle: {
        maxFailures: 3,
        maxFailuresPerAddress: 10,
        maxFailuresPerDevice: 4,
        windowSeconds: 60,
        lockSeconds: 30,
      },
      defaultUnitId: 2001,
      logger: false,
      secureCookies: true,
      trustProxy: ['10.0.0.0/8'],
    });
  });

  it('treats blank variables as unset and accepts port 0', () => {
    const options = loadOptionsFromEnv({ PORT: '0', HOST: '  ', EDUDESK_DATA_DIR: '' }, '/x');
    expect(options.port).toBe(0);
    expect(options.host).toBe(DEFAULT_OPTIONS.host);
    expect(options.dataDir).toBe(path.resolve('/x/.edudesk-data'));
  });

  it('refuses nonsense numbers with the variable name', () => {
    expect(() => loadOptionsFromEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadOptionsFromEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadOptionsFromEnv({ EDUDESK_ACCESS_TTL: '0' })).toThrow(/EDUDESK_ACCESS_TTL/);
    expect(() => loadOptionsFromEnv({ EDUDESK_LOGIN_MAX_FAILURES: '2.5' })).toThrow(
      /EDUDESK_LOGIN_MAX_FAILURES/,
    );
  });

  it('reads the public origin, and refuses anything but a bare http(s) origin', () => {
    expect(loadOptionsFromEnv({}).publicOrigin).toBeUndefined();
    expect(
      loadOptionsFromEnv({ EDUDESK_PUBLIC_ORIGIN: 'https://Edu.Example.org/' }).publicOrigin,
    ).toBe('https://edu.example.org');
    for (const bad of [
      'edu.example.org',
      'ftp://x',
      'https://x/path',
      'https://u:p@x',
      'https://x?a',
    ]) {
      expect(() => loadOptionsFromEnv({ EDUDESK_PUBLIC_ORIGIN: bad }), bad).toThrow(
        /EDUDESK_PUBLIC_ORIGIN/,
      );
    }
  });

  it('reads the OAuth client settings (the file relative to the working folder)', () => {
    const options = loadOptionsFromEnv(
      {
        EDUDESK_OAUTH_CLIENTS_FILE: 'conf/clients.json',
        EDUDESK_DEMO_PORTAL_SECRET: 'a-secret-of-enough-length-1234',
      },
      '/srv/edudesk',
    );
    expect(options.oauthClientsFile).toBe(path.resolve('/srv/edudesk/conf/clients.json'));
    expect(options.demoPortalSecret).toBe('a-secret-of-enough-length-1234');
    expect(loadOptionsFromEnv({}).oauthClientsFile).toBeUndefined();
  });

  it('reads the client updates folder relative to the working folder; unset serves none', () => {
    expect(
      loadOptionsFromEnv({ EDUDESK_CLIENT_UPDATES_DIR: 'updates/win' }, '/srv/edudesk')
        .clientUpdatesDir,
    ).toBe(path.resolve('/srv/edudesk/updates/win'));
    expect(loadOptionsFromEnv({}).clientUpdatesDir).toBeUndefined();
  });
});

describe('EDUDESK_MODE (docs/security.md, "Modes: demo and production")', () => {
  const HTTPS_ORIGIN = 'https://edu.example.org';

  it('is demo by default: the stand-ins follow the mode and cookies stay as configured', () => {
    const options = loadOptionsFromEnv({});
    expect(options.mode).toBe('demo');
    expect(DEFAULT_OPTIONS.mode).toBe('demo');
    expect(options.socialStandins).toBeUndefined();
    expect(options.secureCookies).toBe(false);
    // Demo mode keeps today's behaviour: an https origin alone does not mark cookies Secure.
    expect(loadOptionsFromEnv({ EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN }).secureCookies).toBe(false);
  });

  it('reads production (any case, spaces trimmed) and refuses any other mode', () => {
    for (const value of ['production', ' Production ']) {
      expect(
        loadOptionsFromEnv({ EDUDESK_MODE: value, EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN }).mode,
      ).toBe('production');
    }
    expect(loadOptionsFromEnv({ EDUDESK_MODE: 'demo' }).mode).toBe('demo');
    expect(() => loadOptionsFromEnv({ EDUDESK_MODE: 'prod' })).toThrow(
      'EDUDESK_MODE must be demo or production (got "prod")',
    );
  });

  it('refuses production without EDUDESK_PUBLIC_ORIGIN, saying what to set', () => {
    expect(() => loadOptionsFromEnv({ EDUDESK_MODE: 'production' })).toThrow(
      /EDUDESK_PUBLIC_ORIGIN is required in production mode/,
    );
  });

  it('marks cookies Secure in production when the public origin is https, and not over http', () => {
    expect(
      loadOptionsFromEnv({ EDUDESK_MODE: 'production', EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN })
        .secureCookies,
    ).toBe(true);
    // Even an explicit "off" cannot drop Secure from an https production origin.
    expect(
      loadOptionsFromEnv({
        EDUDESK_MODE: 'production',
        EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN,
        EDUDESK_SECURE_COOKIES: '0',
      }).secureCookies,
    ).toBe(true);
    expect(
      loadOptionsFromEnv({
        EDUDESK_MODE: 'production',
        EDUDESK_PUBLIC_ORIGIN: 'http://edu.example.org',
      }).secureCookies,
    ).toBe(false);
    expect(
      loadOptionsFromEnv({
        EDUDESK_MODE: 'production',
        EDUDESK_PUBLIC_ORIGIN: 'http://edu.example.org',
        EDUDESK_SECURE_COOKIES: '1',
      }).secureCookies,
    ).toBe(true);
  });

  it('reads EDUDESK_SOCIAL_STANDINS as on or off and refuses anything else', () => {
    const production = { EDUDESK_MODE: 'production', EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN };
    expect(loadOptionsFromEnv(production).socialStandins).toBeUndefined();
    expect(
      loadOptionsFromEnv({ ...production, EDUDESK_SOCIAL_STANDINS: 'on' }).socialStandins,
    ).toBe(true);
    expect(loadOptionsFromEnv({ EDUDESK_SOCIAL_STANDINS: 'OFF' }).socialStandins).toBe(false);
    expect(() => loadOptionsFromEnv({ EDUDESK_SOCIAL_STANDINS: 'maybe' })).toThrow(
      'EDUDESK_SOCIAL_STANDINS must be on or off (got "maybe")',
    );
  });
});

describe('watching it run: EDUDESK_LOG_LEVEL and EDUDESK_METRICS_TOKEN', () => {
  it('logs at info and serves no metrics by default', () => {
    const options = loadOptionsFromEnv({});
    expect(options.logLevel).toBe('info');
    expect(options.metricsToken).toBeUndefined();
  });

  it('reads a log level in any case and refuses any other, naming the levels', () => {
    expect(loadOptionsFromEnv({ EDUDESK_LOG_LEVEL: ' Debug ' }).logLevel).toBe('debug');
    expect(loadOptionsFromEnv({ EDUDESK_LOG_LEVEL: 'fatal' }).logLevel).toBe('fatal');
    expect(() => loadOptionsFromEnv({ EDUDESK_LOG_LEVEL: 'verbose' })).toThrow(
      'EDUDESK_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace (got "verbose")',
    );
  });

  it('reads a metrics token and refuses a short one or one with spaces, without echoing it', () => {
    const token = 'a'.repeat(16);
    expect(loadOptionsFromEnv({ EDUDESK_METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const bad of ['secret', 'sixteen chars ok here', `${'b'.repeat(20)}é`]) {
      let message = '';
      try {
        loadOptionsFromEnv({ EDUDESK_METRICS_TOKEN: bad });
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      expect(message, bad).toMatch(/^EDUDESK_METRICS_TOKEN must be at least 16 printable/);
      expect(message).not.toContain(bad);
    }
  });
});

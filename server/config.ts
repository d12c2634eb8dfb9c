import path from 'node:path';
import { DEFAULT_PASSWORD_COST, type PasswordCost } from './auth/password';
import { defaultHashingLimits, type HashingLimits } from './auth/password-hasher';
import { PRODUCT_ROOT } from './product-root';
import type { ConnectionLimits } from './http/connection-limits';
import { parseTrustProxy, type TrustProxy } from './http/trusted-proxy';
import { parseAppBackends } from './apps/app-backends';
import type { Recogniser } from './speech/recogniser';
import type { RecognitionLimits } from './speech/recognition-queue';

/** Failed-login throttling (see server/auth/throttle.ts). */
export interface ThrottleOptions {
  /** Failures of one account within the window that lock it. */
  maxFailures: number;
  /**
   * Failures from one client address within the window after which its sign-ins must carry a
   * proof of work (never a refusal: a whole school often sits behind one NAT address).
   */
  maxFailuresPerAddress: number;
  /** Failures a known device (a browser's device cookie) may make before it is locked. */
  maxFailuresPerDevice: number;
  /**
   * Password sign-ins one client address may have in progress at once (waiting for the account or
   * being hashed); more are answered 503 at once (server/uaa/password-attempt.ts).
   */
  maxInFlightPerAddress: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** The provider hosts social login talks to (docs/social-login.md). */
export const SOCIAL_PROVIDER_HOST_VARIABLES = {
  weixinOpen: 'EDUDESK_WEIXIN_OPEN_ORIGIN',
  weixinApi: 'EDUDESK_WEIXIN_API_ORIGIN',
  wecomLogin: 'EDUDESK_WECOM_LOGIN_ORIGIN',
  wecomApi: 'EDUDESK_WECOM_API_ORIGIN',
} as const;
export type SocialProviderHost = keyof typeof SOCIAL_PROVIDER_HOST_VARIABLES;

/**
 * EDUDESK_MODE (docs/security.md, "Modes: demo and production"): `demo` seeds the demo accounts
 * and mounts the stand-in providers; `production` seeds only the platform catalogue, mounts no
 * stand-in unless asked, needs EDUDESK_PUBLIC_ORIGIN and, behind https, sends HSTS and Secure
 * cookies.
 */
export type ServerMode = 'demo' | 'production';

export interface ServerOptions {
  /** Demo (the default) or production (see ServerMode). */
  mode: ServerMode;
  /** Everything the server writes lives here (the SQLite database). */
  dataDir: string;
  /**
   * Uploaded files, chunks and merged files (EDUDESK_FILES_DIR): a folder every node mounts when
   * several share one database; `<dataDir>/storage` when unset (`filesDirOf`).
   */
  filesDir?: string;
  /**
   * `postgres://user:password@host:port/database` (EDUDESK_DATABASE_URL): the PostgreSQL database
   * that several server nodes share (docs/scale-out.md). Unset: SQLite in `dataDir`.
   */
  databaseUrl?: string;
  /**
   * EDUDESK_CLIENT_UPDATES_DIR: the desktop client's update feed (latest.yml, installers,
   * blockmaps) served at /client/updates/win/ (server/web/client-update-routes.ts). Unset: none.
   */
  clientUpdatesDir?: string;
  /** The production web build (`npm run build` output). May not exist yet. */
  webRoot: string;
  /**
   * EDUDESK_APP_BACKENDS (`code=http://host:port,…`): applications' own back ends, proxied at
   * `/api/<code>/` (server/apps/app-backends.ts, docs/ph.md).
   */
  appBackends?: ReadonlyMap<string, URL>;
  port: number;
  host: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** The password of every seeded demo account (used only when the database is first created). */
  demoPassword: string;
  throttle: ThrottleOptions;
  /** The unit answering requests whose host is bound to no unit. */
  defaultUnitId: number;
  logger: boolean;
  /** EDUDESK_LOG_LEVEL: the least severe log lines written (`info` by default). */
  logLevel: LogLevel;
  /**
   * EDUDESK_METRICS_TOKEN: the bearer token Prometheus sends to `GET /metrics`
   * (server/http/metrics.ts). Unset: no metrics are served (the path is unknown).
   */
  metricsToken?: string;
  /** Where the request log goes instead of standard output (tests read it). */
  logStream?: NodeJS.WritableStream;
  /**
   * The origin links are built from when a request's Host is not one bound to a unit
   * (server/http/request-origin.ts); defaults to http://localhost:<port>.
   */
  publicOrigin?: string;
  /** Partner applications registered by the operator: a JSON file (docs/oauth.md). */
  oauthClientsFile?: string;
  /** The demo partner portal's client secret (docs/oauth.md); a demo default when unset. */
  demoPortalSecret?: string;
  /**
   * The third-party sign-in providers' hosts (docs/social-login.md): unset ones are the stand-ins
   * this server mounts under /standin; production sets the real origins.
   */
  socialProviderBases?: Partial<Record<SocialProviderHost, string>>;
  /** How long the stand-in providers' QR long poll waits for a change (default 25 s, as WeChat). */
  socialStandinLongPollMs?: number;
  /**
   * EDUDESK_SOCIAL_STANDINS: whether the stand-in providers may serve unset provider hosts;
   * unset, the mode decides (demo yes, production no). See server/social/provider-availability.ts.
   */
  socialStandins?: boolean;
  /**
   * Adds `Secure` to every cookie the server writes: the one decision each cookie writer reads
   * (`services.options.secureCookies`). loadOptionsFromEnv turns it on with EDUDESK_SECURE_COOKIES
   * and always in production mode behind an https EDUDESK_PUBLIC_ORIGIN (servedOverHttps).
   */
  secureCookies: boolean;
  /**
   * EDUDESK_TRUST_PROXY: the hops whose X-Forwarded-For and X-Forwarded-Proto are believed, as a
   * hop count or the proxies' addresses/CIDRs (server/http/trusted-proxy.ts). Off by default:
   * behind a proxy, set it or every client shares one address (and one login throttle).
   */
  trustProxy: TrustProxy;
  /**
   * EDUDESK_TRUST_FORWARDED_HOST: a trusted proxy's X-Forwarded-Host chooses the unit and the
   * links' host. Off by default: the Host header does.
   */
  trustForwardedHost: boolean;
  /** argon2id cost of new password hashes; stored with each hash, so it can change later. */
  passwordCost: PasswordCost;
  /** The password hashing threads and queue (server/auth/password-hasher.ts). */
  hashing: HashingLimits;
  /** The clock in epoch milliseconds; tests inject one to expire tokens without waiting. */
  now?: () => number;
  /** Uploads (docs/upload.md): the largest file one request may carry (single upload or chunk). */
  uploadMaxRequestBytes?: number;
  /** Uploads: the largest file a chunked upload may declare. */
  uploadMaxFileBytes?: number;
  /** Uploads: partial (chunked) uploads untouched for this long are deleted. */
  uploadPartialMaxAgeSeconds?: number;
  /** Voice commands (docs/voice.md): 'pocketsphinx' (the default) or 'none'; tests inject one. */
  speechRecogniser?: 'pocketsphinx' | 'none' | Recogniser;
  /** The speech gateway URL given to clients (ws:// or wss://); default: the stand-in's own. */
  speechGatewayUrl?: string;
  /** Request timeouts and connections per address (server/http/connection-limits.ts). */
  connectionLimits?: Partial<ConnectionLimits>;
  /**
   * The stand-in gateway's recognitions running and waiting at once (docs/voice.md); unset ones
   * default to one running per core (server/speech/recognition-queue.ts).
   */
  speechRecognitionLimits?: Partial<RecognitionLimits>;
}

export const DEFAULT_OPTIONS: Omit<ServerOptions, 'dataDir' | 'webRoot'> = {
  mode: 'demo',
  port: 8080,
  // Loopback only by default: the demo accounts share a published password. Set HOST=0.0.0.0
  // (or ::) to expose the server on the network.
  host: 'localhost',
  accessTokenTtlSeconds: 7200,
  refreshTokenTtlSeconds: 7 * 24 * 3600,
  demoPassword: 'Edu@2026',
  throttle: {
    maxFailures: 5,
    maxFailuresPerAddress: 20,
    maxFailuresPerDevice: 10,
    maxInFlightPerAddress: 16,
    windowSeconds: 900,
    lockSeconds: 300,
  },
  defaultUnitId: 1001,
  logger: true,
  logLevel: 'info',
  secureCookies: false,
  trustProxy: false,
  trustForwardedHost: false,
  passwordCost: DEFAULT_PASSWORD_COST,
  hashing: defaultHashingLimits(),
};

type Env = Record<string, string | undefined>;

/** The log levels of EDUDESK_LOG_LEVEL, most severe first (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** EDUDESK_LOG_LEVEL: one of LOG_LEVELS, `info` when unset. */
function logLevel(env: Env): LogLevel {
  const raw = text(env, 'EDUDESK_LOG_LEVEL');
  if (raw === undefined) return DEFAULT_OPTIONS.logLevel;
  const value = LOG_LEVELS.find((level) => level === raw.toLowerCase());
  if (value === undefined) {
    throw new Error(`EDUDESK_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  }
  return value;
}

/** The shortest metrics token accepted: a guessable one would publish the server's figures. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/** EDUDESK_METRICS_TOKEN: printable, without spaces, at least MIN_METRICS_TOKEN_LENGTH long. */
function metricsToken(env: Env): Pick<ServerOptions, 'metricsToken'> {
  const raw = text(env, 'EDUDESK_METRICS_TOKEN');
  if (raw === undefined) return {};
  if (raw.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new Error(
      `EDUDESK_METRICS_TOKEN must be at least ${String(MIN_METRICS_TOKEN_LENGTH)} printable ` +
        'characters without spaces, such as the output of `openssl rand -hex 32`',
    );
  }
  return { metricsToken: raw };
}

/** The trimmed value of a variable, or undefined when it is unset or blank. */
function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(
  env: Env,
  name: string,
  fallback: number,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(
      `${name} must be an integer from ${String(min)} to ${String(max)} (got "${raw}")`,
    );
  }
  return value;
}

/** An optional integer option: absent when the variable is unset (the feature's default applies). */
function optionalInteger<K extends keyof ServerOptions>(
  env: Env,
  name: string,
  key: K,
): Partial<Record<K, number>> {
  if (text(env, name) === undefined) return {};
  return { [key]: integer(env, name, 0) } as Partial<Record<K, number>>;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  return raw === '1' || raw === 'true' || raw === 'yes';
}

/** An http(s) origin without path, query or credentials (EDUDESK_PUBLIC_ORIGIN). */
function origin(env: Env, name: string): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !isPlainOrigin(url)) {
    throw new Error(`${name} must be an origin such as https://edu.example.org (got "${raw}")`);
  }
  return url.origin;
}

function isPlainOrigin(url: URL): boolean {
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === ''
  );
}

function fileOption(env: Env, name: string, cwd: string): string | undefined {
  const value = text(env, name);
  return value === undefined ? undefined : path.resolve(cwd, value);
}

function optionalText<K extends 'oauthClientsFile' | 'demoPortalSecret'>(
  key: K,
  value: string | undefined,
): Partial<Pick<ServerOptions, K>> {
  return value === undefined ? {} : ({ [key]: value } as Partial<Pick<ServerOptions, K>>);
}

function optionalOrigin(value: string | undefined): Pick<ServerOptions, 'publicOrigin'> {
  return value === undefined ? {} : { publicOrigin: value };
}

function socialProviderBases(env: Env): Pick<ServerOptions, 'socialProviderBases'> {
  const bases: Partial<Record<SocialProviderHost, string>> = {};
  for (const [key, name] of Object.entries(SOCIAL_PROVIDER_HOST_VARIABLES)) {
    const value = origin(env, name);
    if (value !== undefined) bases[key as SocialProviderHost] = value;
  }
  return Object.keys(bases).length === 0 ? {} : { socialProviderBases: bases };
}

/** EDUDESK_TRUST_PROXY and EDUDESK_TRUST_FORWARDED_HOST, which needs a trusted proxy. */
function proxyOptions(env: Env): Pick<ServerOptions, 'trustProxy' | 'trustForwardedHost'> {
  const trustProxy = parseTrustProxy(text(env, 'EDUDESK_TRUST_PROXY'));
  const trustForwardedHost = flag(env, 'EDUDESK_TRUST_FORWARDED_HOST', false);
  if (trustForwardedHost && trustProxy === false) {
    throw new Error(
      'EDUDESK_TRUST_FORWARDED_HOST needs EDUDESK_TRUST_PROXY: only a trusted proxy may choose ' +
        'the host',
    );
  }
  return { trustProxy, trustForwardedHost };
}

/** EDUDESK_SPEECH_RECOGNISER (pocketsphinx | none) and EDUDESK_SPEECH_GATEWAY_URL. */
function speechOptions(env: Env): Pick<ServerOptions, 'speechRecogniser' | 'speechGatewayUrl'> {
  const recogniser = text(env, 'EDUDESK_SPEECH_RECOGNISER');
  const gateway = text(env, 'EDUDESK_SPEECH_GATEWAY_URL');
  if (recogniser !== undefined && recogniser !== 'pocketsphinx' && recogniser !== 'none') {
    throw new Error(`EDUDESK_SPEECH_RECOGNISER must be pocketsphinx or none (got "${recogniser}")`);
  }
  if (gateway !== undefined && !/^wss?:\/\/[^\s]+$/.test(gateway)) {
    throw new Error(`EDUDESK_SPEECH_GATEWAY_URL must be a ws:// or wss:// URL (got "${gateway}")`);
  }
  return {
    ...(recogniser === undefined ? {} : { speechRecogniser: recogniser }),
    ...(gateway === undefined ? {} : { speechGatewayUrl: gateway }),
  };
}

/** EDUDESK_SPEECH_CONCURRENCY and EDUDESK_SPEECH_QUEUE: the recognitions running and waiting. */
function speechLimitOptions(env: Env): Pick<ServerOptions, 'speechRecognitionLimits'> {
  const limits: Partial<RecognitionLimits> = {};
  if (text(env, 'EDUDESK_SPEECH_CONCURRENCY') !== undefined) {
    limits.concurrent = integer(env, 'EDUDESK_SPEECH_CONCURRENCY', 1, 1, 1024);
  }
  if (text(env, 'EDUDESK_SPEECH_QUEUE') !== undefined) {
    limits.queued = integer(env, 'EDUDESK_SPEECH_QUEUE', 0, 0, 100_000);
  }
  return Object.keys(limits).length === 0 ? {} : { speechRecognitionLimits: limits };
}

/**
 * Production mode behind an https public origin: the server then sends HSTS
 * (server/http/security-headers.ts) and marks every cookie Secure (ServerOptions.secureCookies).
 */
export function servedOverHttps(options: Pick<ServerOptions, 'mode' | 'publicOrigin'>): boolean {
  return options.mode === 'production' && options.publicOrigin?.startsWith('https:') === true;
}

/** EDUDESK_MODE: demo (the default) or production. */
function mode(env: Env): ServerMode {
  const raw = text(env, 'EDUDESK_MODE');
  const value = raw?.toLowerCase() ?? 'demo';
  if (value !== 'demo' && value !== 'production') {
    throw new Error(`EDUDESK_MODE must be demo or production (got "${raw ?? ''}")`);
  }
  return value;
}

/** EDUDESK_SOCIAL_STANDINS: on or off; unset leaves it to the mode. */
function socialStandins(env: Env): Pick<ServerOptions, 'socialStandins'> {
  const raw = text(env, 'EDUDESK_SOCIAL_STANDINS');
  if (raw === undefined) return {};
  const value = raw.toLowerCase();
  if (value !== 'on' && value !== 'off') {
    throw new Error(`EDUDESK_SOCIAL_STANDINS must be on or off (got "${raw}")`);
  }
  return { socialStandins: value === 'on' };
}

/**
 * The mode's own settings: production refuses to start without the public origin (the links it
 * builds, and whether it is https, depend on it), and marks cookies Secure behind https.
 */
function modeOptions(
  env: Env,
): Pick<ServerOptions, 'mode' | 'secureCookies' | 'publicOrigin' | 'socialStandins'> {
  const chosen = mode(env);
  const publicOrigin = origin(env, 'EDUDESK_PUBLIC_ORIGIN');
  if (chosen === 'production' && publicOrigin === undefined) {
    throw new Error(
      'EDUDESK_PUBLIC_ORIGIN is required in production mode (EDUDESK_MODE=production): set it to ' +
        'the address users open, such as https://edu.example.org',
    );
  }
  const secure = flag(env, 'EDUDESK_SECURE_COOKIES', DEFAULT_OPTIONS.secureCookies);
  return {
    mode: chosen,
    secureCookies: secure || servedOverHttps({ mode: chosen, publicOrigin }),
    ...optionalOrigin(publicOrigin),
    ...socialStandins(env),
  };
}

function filesDirOption(value: string | undefined): Pick<ServerOptions, 'filesDir'> {
  return value === undefined ? {} : { filesDir: value };
}

function clientUpdatesDirOption(
  value: string | undefined,
): Pick<ServerOptions, 'clientUpdatesDir'> {
  return value === undefined ? {} : { clientUpdatesDir: value };
}

function databaseUrlOption(value: string | undefined): Pick<ServerOptions, 'databaseUrl'> {
  if (value === undefined) return {};
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new Error('EDUDESK_DATABASE_URL must be a postgres:// URL.');
  }
  return { databaseUrl: value };
}

/** The folder of uploaded files: EDUDESK_FILES_DIR, else `<dataDir>/storage`. */
export function filesDirOf(options: Pick<ServerOptions, 'dataDir' | 'filesDir'>): string {
  return options.filesDir ?? path.join(options.dataDir, 'storage');
}

/** Server options from environment variables (see the report / docs for the list). */
export function loadOptionsFromEnv(env: Env = process.env, cwd = process.cwd()): ServerOptions {
  const defaults = DEFAULT_OPTIONS;
  const webRoot = text(env, 'EDUDESK_WEB_ROOT');
  return {
    ...defaults,
    dataDir: path.resolve(cwd, text(env, 'EDUDESK_DATA_DIR') ?? '.edudesk-data'),
    ...filesDirOption(fileOption(env, 'EDUDESK_FILES_DIR', cwd)),
    ...clientUpdatesDirOption(fileOption(env, 'EDUDESK_CLIENT_UPDATES_DIR', cwd)),
    ...databaseUrlOption(text(env, 'EDUDESK_DATABASE_URL')),
    ...(text(env, 'EDUDESK_APP_BACKENDS') === undefined
      ? {}
      : { appBackends: parseAppBackends(text(env, 'EDUDESK_APP_BACKENDS') ?? '') }),
    webRoot:
      webRoot !== undefined ? path.resolve(cwd, webRoot) : path.join(PRODUCT_ROOT, 'dist', 'web'),
    port: integer(env, 'PORT', defaults.port, 0, 65535),
    host: text(env, 'HOST') ?? defaults.host,
    accessTokenTtlSeconds: integer(env, 'EDUDESK_ACCESS_TTL', defaults.accessTokenTtlSeconds),
    refreshTokenTtlSeconds: integer(env, 'EDUDESK_REFRESH_TTL', defaults.refreshTokenTtlSeconds),
    demoPassword: text(env, 'EDUDESK_DEMO_PASSWORD') ?? defaults.demoPassword,
    throttle: {
      maxFailures: integer(env, 'EDUDESK_LOGIN_MAX_FAILURES', defaults.throttle.maxFailures),
      maxFailuresPerAddress: integer(
        env,
        'EDUDESK_LOGIN_MAX_FAILURES_PER_ADDRESS',
        defaults.throttle.maxFailuresPerAddress,
      ),
      maxFailuresPerDevice: integer(
        env,
        'EDUDESK_LOGIN_MAX_FAILURES_PER_DEVICE',
        defaults.throttle.maxFailuresPerDevice,
      ),
      windowSeconds: integer(env, 'EDUDESK_LOGIN_WINDOW_SECONDS', defaults.throttle.windowSeconds),
      lockSeconds: integer(env, 'EDUDESK_LOGIN_LOCK_SECONDS', defaults.throttle.lockSeconds),
      maxInFlightPerAddress: integer(
        env,
        'EDUDESK_LOGIN_IN_FLIGHT_PER_ADDRESS',
        defaults.throttle.maxInFlightPerAddress,
      ),
    },
    hashing: {
      threads: integer(env, 'EDUDESK_HASH_THREADS', defaults.hashing.threads, 1, 64),
      queued: integer(env, 'EDUDESK_HASH_QUEUE', defaults.hashing.queued, 0, 100_000),
    },
    defaultUnitId: integer(env, 'EDUDESK_DEFAULT_UNIT_ID', defaults.defaultUnitId),
    logger: flag(env, 'EDUDESK_LOG', defaults.logger),
    logLevel: logLevel(env),
    ...metricsToken(env),
    ...proxyOptions(env),
    ...modeOptions(env),
    ...socialProviderBases(env),
    ...optionalText('oauthClientsFile', fileOption(env, 'EDUDESK_OAUTH_CLIENTS_FILE', cwd)),
    ...optionalText('demoPortalSecret', text(env, 'EDUDESK_DEMO_PORTAL_SECRET')),
    ...optionalInteger(env, 'EDUDESK_UPLOAD_MAX_REQUEST_BYTES', 'uploadMaxRequestBytes'),
    ...optionalInteger(env, 'EDUDESK_UPLOAD_MAX_FILE_BYTES', 'uploadMaxFileBytes'),
    ...optionalInteger(env, 'EDUDESK_UPLOAD_PARTIAL_MAX_AGE', 'uploadPartialMaxAgeSeconds'),
    ...speechOptions(env),
    ...(text(env, 'EDUDESK_MAX_CONNECTIONS_PER_ADDRESS') === undefined
      ? {}
      : {
          connectionLimits: {
            maxConnectionsPerAddress: integer(env, 'EDUDESK_MAX_CONNECTIONS_PER_ADDRESS', 0, 0),
          },
        }),
    ...speechLimitOptions(env),
  };
}

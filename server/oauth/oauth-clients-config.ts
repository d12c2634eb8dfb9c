import fs from 'node:fs';
import { OAUTH_SCOPE_PROFILE } from '../../contract/oauth';
import { isRegistrableRedirectUri } from './redirect-uri';

/** A partner application as the operator registers it (docs/oauth.md). */
export interface OAuthClientRegistration {
  clientId: string;
  /** Shown on the authorisation page; bilingual `中文|||English` or one text. */
  name: string;
  /** A same-origin path or a data: image, '' for none (the page's CSP allows only these). */
  logoUri: string;
  /** A confidential client's secret; undefined for a public client (PKCE required). */
  secret: string | undefined;
  redirectUris: string[];
  /** Space-separated scopes the client may ask for. */
  scope: string;
}

export const DEMO_APP_CLIENT_ID = 'edudesk-demo-app';
export const DEMO_PORTAL_CLIENT_ID = 'edudesk-demo-portal';
/** The demo portal's secret when EDUDESK_DEMO_PORTAL_SECRET is not set: for trying it out only. */
export const DEFAULT_DEMO_PORTAL_SECRET = 'edudesk-demo-portal-secret-change-me';
/** Where the reference server's demo partner page lives (server/oauth/demo-partner.ts). */
export const DEMO_PARTNER_PATH = '/demo/partner/';
export const DEMO_PARTNER_CALLBACK_PATH = '/demo/partner/callback';

const CLIENT_ID = /^[A-Za-z0-9._~-]{1,64}$/;
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** Client secrets are compared by SHA-256 hash, so they must be long random strings. */
const MIN_SECRET_LENGTH = 24;

function logo(background: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/><text x="32" y="43" font-size="30" font-family="sans-serif" text-anchor="middle" fill="#fff">${letter}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The two demo clients: a public native-style application on a loopback redirect
 * (any port, RFC 8252 §7.3) and the confidential demo portal served by this server.
 */
export function demoClients(publicOrigin: string, portalSecret: string): OAuthClientRegistration[] {
  return [
    {
      clientId: DEMO_APP_CLIENT_ID,
      name: '演示应用|||Demo app',
      logoUri: logo('#2f9e6f', 'A'),
      secret: undefined,
      redirectUris: ['http://127.0.0.1/callback'],
      scope: OAUTH_SCOPE_PROFILE,
    },
    {
      clientId: DEMO_PORTAL_CLIENT_ID,
      name: '校园门户（演示）|||Campus portal (demo)',
      logoUri: logo('#3e70c1', 'P'),
      secret: portalSecret,
      redirectUris: [`${publicOrigin}${DEMO_PARTNER_CALLBACK_PATH}`],
      scope: OAUTH_SCOPE_PROFILE,
    },
  ];
}

function fail(source: string, index: number, problem: string): never {
  throw new Error(`${source}: client ${String(index)}: ${problem}`);
}

function parseOne(entry: unknown, index: number, source: string): OAuthClientRegistration {
  if (typeof entry !== 'object' || entry === null) fail(source, index, 'must be an object');
  const record = entry as Record<string, unknown>;
  const { clientId, name, logoUri = '', clientSecret, redirectUris, scope } = record;
  if (typeof clientId !== 'string' || !CLIENT_ID.test(clientId)) {
    fail(source, index, 'clientId must be 1-64 characters of A-Z a-z 0-9 . _ ~ -');
  }
  if (typeof name !== 'string' || name.trim() === '') fail(source, index, 'name is required');
  if (
    typeof logoUri !== 'string' ||
    !(logoUri === '' || logoUri.startsWith('/') || logoUri.startsWith('data:image/'))
  ) {
    fail(source, index, 'logoUri must be a same-origin path or a data:image/ URI');
  }
  if (
    clientSecret !== undefined &&
    (typeof clientSecret !== 'string' || clientSecret.length < MIN_SECRET_LENGTH)
  ) {
    fail(
      source,
      index,
      `clientSecret must be a random string of at least ${String(MIN_SECRET_LENGTH)} characters`,
    );
  }
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) {
    fail(source, index, 'redirectUris must be a non-empty list');
  }
  for (const uri of redirectUris) {
    if (typeof uri !== 'string' || !isRegistrableRedirectUri(uri)) {
      fail(
        source,
        index,
        `redirect URI ${JSON.stringify(uri)} must be https (http only for loopback), without fragment`,
      );
    }
  }
  const scopeText = scope ?? OAUTH_SCOPE_PROFILE;
  if (
    typeof scopeText !== 'string' ||
    !scopeText.split(' ').every((token) => SCOPE_TOKEN.test(token))
  ) {
    fail(source, index, 'scope must be space-separated scope tokens');
  }
  return {
    clientId,
    name: name.trim(),
    logoUri,
    secret: clientSecret,
    redirectUris: redirectUris.map(String),
    scope: scopeText,
  };
}

/** Parses the operator's clients file: a JSON list of registrations (docs/oauth.md). */
export function parseClientsFile(text: string, source: string): OAuthClientRegistration[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${source}: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!Array.isArray(parsed)) throw new Error(`${source}: must be a JSON list of clients`);
  return parsed.map((entry, index) => parseOne(entry, index, source));
}

type Env = Record<string, string | undefined>;

/**
 * Every registered client: the two demo clients (demo mode only: `withDemoClients`), then the
 * operator's file (EDUDESK_OAUTH_CLIENTS_FILE), whose entries replace demo clients of the same
 * id. A broken file stops the server at start rather than leaving partners half configured.
 */
export function loadClientRegistrations(
  env: Env,
  publicOrigin: string,
  withDemoClients = true,
): OAuthClientRegistration[] {
  const secret = env.EDUDESK_DEMO_PORTAL_SECRET?.trim();
  if (secret !== undefined && secret !== '' && secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `EDUDESK_DEMO_PORTAL_SECRET must have at least ${String(MIN_SECRET_LENGTH)} characters`,
    );
  }
  const clients = new Map(
    (withDemoClients
      ? demoClients(
          publicOrigin,
          secret === undefined || secret === '' ? DEFAULT_DEMO_PORTAL_SECRET : secret,
        )
      : []
    ).map((client) => [client.clientId, client]),
  );
  const file = env.EDUDESK_OAUTH_CLIENTS_FILE?.trim();
  if (file !== undefined && file !== '') {
    for (const client of parseClientsFile(fs.readFileSync(file, 'utf8'), file)) {
      clients.set(client.clientId, client);
    }
  }
  return [...clients.values()];
}

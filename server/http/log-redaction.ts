import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';

/** What a credential in a log line is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Query parameters that carry credentials somewhere on the platform: access and refresh tokens
 * (the help centre's accessToken, spec §2), one-time tickets and codes (single sign-on, OAuth),
 * signatures, passwords, client secrets and verifiers, and the desktop installation's client id
 * (`cid`, which signs a staff member in by itself).
 */
const SECRET_NAMES = new Set([
  'code',
  'cid',
  'ticket',
  'sign',
  'signature',
  'key',
  'nonce',
  'code_verifier',
  'client_secret',
  'clientsecret',
  'id_token',
  'assertion',
]);
const SECRET_PARTS = /token|secret|passw|pwd|ticket|credential|session|cookie|auth/i;

/** True when a query parameter of that name may carry a credential. */
export function isSecretParameter(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase()) || SECRET_PARTS.test(name);
}

/**
 * The URL as it may be logged: the value of every query parameter that may carry a credential
 * is replaced, everything else (path, other parameters, their order) is kept as it was sent.
 * Works on the raw text, so a URL that does not parse is redacted too.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const parts = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const rawName = pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A name that does not decode is judged as sent.
      }
      return isSecretParameter(name) ? `${rawName}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query + 1)}${parts.join('&')}${url.slice(end)}`;
}

/**
 * Header paths pino replaces wherever a log line carries request or response headers, so a
 * line that logs them (a library, a future debug line) never writes a session.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-access-token"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'reply.headers["set-cookie"]',
];

/** The user a request signed in (a sign-in has no session yet when it is answered). */
const signedIn = new WeakMap<FastifyRequest, number>();

/** Names the user a request signed in, for its "request completed" line. */
export function logSignedInUser(request: FastifyRequest, userId: number): void {
  signedIn.set(request, userId);
}

/**
 * The request log's options: JSON lines at `level`, Fastify's default request fields with a
 * redacted URL, and credentials in headers censored. `stream` lets tests read what would be
 * written. The client address is `request.ip`: the real client's behind a trusted proxy
 * (server/http/trusted-proxy.ts). The host is the one that chooses the unit: the Host header,
 * or X-Forwarded-Host when `forwardedHost` says the proxy sets it (this line is written before
 * any hook runs). The "request completed" line names the user (`res.userId`) of the request's
 * session, or the one it signed in.
 */
export function loggerOptions(
  stream?: NodeJS.WritableStream,
  { forwardedHost = false, level = 'info' }: { forwardedHost?: boolean; level?: LogLevel } = {},
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      req(request: FastifyRequest | Record<string, unknown>) {
        // Fastify logs its request; anything else logged under `req` is kept (and redacted above).
        if (!isRequest(request)) return request;
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: forwardedHost ? request.host : (request.headers.host ?? ''),
          remoteAddress: request.ip,
          remotePort: request.socket.remotePort,
        };
      },
      res(reply: FastifyReply | Record<string, unknown>) {
        if (!isReply(reply)) return reply;
        const userId = reply.request.auth?.user.id ?? signedIn.get(reply.request);
        return { statusCode: reply.statusCode, ...(userId === undefined ? {} : { userId }) };
      },
    },
  };
}

function isRequest(value: FastifyRequest | Record<string, unknown>): value is FastifyRequest {
  return typeof value.url === 'string' && typeof value.method === 'string' && 'socket' in value;
}

function isReply(value: FastifyReply | Record<string, unknown>): value is FastifyReply {
  return typeof value.statusCode === 'number' && 'request' in value && 'raw' in value;
}

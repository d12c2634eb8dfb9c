import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';

/** The longest value read from a query or form field; longer values are cut (and then match nothing). */
const MAX_FIELD = 2048;

/**
 * One query or form field as a string: the first value when repeated, cut to `max` characters,
 * undefined when absent or not text.
 */
export function field(source: unknown, name: string, max = MAX_FIELD): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  if (!Object.prototype.hasOwnProperty.call(source, name)) return undefined;
  const value: unknown = (source as Record<string, unknown>)[name];
  const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first.slice(0, max) : undefined;
}

/** A present, non-empty field. */
export function filled(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * WeChat's error answer: HTTP 200, `{errcode, errmsg}`, the message followed by a request id
 * (`invalid code, rid: 63eb339a-57c1b83a-3acf9bf5`) as the real API writes it.
 */
export function weixinError(reply: FastifyReply, errcode: number, errmsg: string): FastifyReply {
  const rid = [4, 4, 4].map((bytes) => randomBytes(bytes).toString('hex')).join('-');
  return sendJson(reply, { errcode, errmsg: `${errmsg}, rid: ${rid}` });
}

/**
 * WeCom's error answer: HTTP 200, `{errcode, errmsg}`, the message followed by a hint, the
 * caller's address and the error-code lookup link, as the real API writes it.
 */
export function wecomError(
  reply: FastifyReply,
  request: FastifyRequest,
  errcode: number,
  errmsg: string,
): FastifyReply {
  const hint = `${String(Math.floor(Date.now() / 1000))}_${randomBytes(8).toString('hex')}`;
  return sendJson(reply, {
    errcode,
    errmsg: `${errmsg}, hint: [${hint}], from ip: ${request.ip}, more info at https://open.work.weixin.qq.com/devtool/query?e=${String(errcode)}`,
  });
}

export function sendJson(reply: FastifyReply, body: Record<string, unknown>): FastifyReply {
  return reply.code(200).header('cache-control', 'no-store').send(body);
}

/** A plain `name[:port]` or `[ipv6][:port]`: nothing else in a Host header makes a link. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The origin the request was sent to (its Host and scheme), normalised (`host:80` on http is
 * `host`); undefined for a Host that is not a plain host name.
 */
export function requestOrigin(request: FastifyRequest): URL | undefined {
  // A DNS name is at most 253 characters, plus a port.
  if (request.host.length > 260 || !PLAIN_HOST.test(request.host)) return undefined;
  try {
    return new URL(`${request.protocol}://${request.host}`);
  } catch {
    return undefined;
  }
}

/**
 * Decides whether a redirect_uri's host is one an app registered. The stand-in's default: the
 * host the stand-in itself was reached on (it is mounted on the platform's server, so the
 * platform's pages and callbacks share that host), compared with its port as WeCom's
 * "可信域名" rules require.
 */
export type RegisteredHostCheck = (redirectHost: string, requestHost: string) => boolean;

export const sameHostOnly: RegisteredHostCheck = (redirectHost, requestHost) =>
  redirectHost === requestHost;

/**
 * The redirect_uri as an absolute http(s) URL without credentials whose host the app
 * registered, or undefined. Nothing the caller sends is ever navigated to without this check.
 */
export function checkRedirectUri(
  raw: string | undefined,
  request: FastifyRequest,
  isRegistered: RegisteredHostCheck,
): URL | undefined {
  if (!filled(raw)) return undefined;
  const origin = requestOrigin(request);
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return isRegistered(url.host.toLowerCase(), origin.host.toLowerCase()) ? url : undefined;
}

/** redirect_uri?code=CODE&state=STATE (state only when the caller sent one). */
export function withCode(redirectUri: string, code: string | undefined, state: string | undefined) {
  const url = new URL(redirectUri);
  if (code !== undefined) url.searchParams.set('code', code);
  if (state !== undefined) url.searchParams.set('state', state);
  return url.href;
}

/** True for WeChat's in-app browser (and not WeCom's, whose agent also says MicroMessenger). */
export function inWeixin(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'] ?? '';
  return /MicroMessenger/i.test(agent) && !/wxwork/i.test(agent);
}

/** True for WeCom's in-app browser. */
export function inWecom(request: FastifyRequest): boolean {
  return /wxwork/i.test(request.headers['user-agent'] ?? '');
}

/** WeChat documents state as at most 128 bytes. */
const MAX_STATE_BYTES = 128;

/** A `state` the providers accept: none, or at most 128 bytes. */
export function stateWithinLimit(state: string | undefined): boolean {
  return state === undefined || Buffer.byteLength(state, 'utf8') <= MAX_STATE_BYTES;
}

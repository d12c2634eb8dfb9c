import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { API } from '../../contract/api-paths';
import { fail } from './envelope';
import { MESSAGES } from './messages';

/** Methods that never change anything on the server (RFC 9110 §9.2.1). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls the spec makes with GET although they change the session: the identity switch and the
 * token refresh. A cross-site top-level navigation carries SameSite=Lax cookies, so these are
 * guarded like the unsafe methods.
 */
const STATE_CHANGING_GETS = new Set<string>([API.switchLogin, API.refresh]);

/**
 * True when the request may change state: an unsafe method, or one of the GETs above. `route` is
 * the matched route's path (Fastify's routeOptions.url), not the URL as sent, so an encoded
 * spelling of a path (`/api/uaa/oauth/%72efresh`) is judged as the route it reaches.
 */
export function changesState(method: string, route: string | undefined): boolean {
  return !SAFE_METHODS.has(method) || (route !== undefined && STATE_CHANGING_GETS.has(route));
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * True when an Origin header names the host the request was sent to (scheme's default port
 * made explicit on both sides); false for `null`, another host or port, or a malformed value.
 */
function originMatchesHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    const to = new URL(`${from.protocol}//${host}`);
    return from.host === to.host;
  } catch {
    return false;
  }
}

export type CrossSiteVerdict = 'same-origin' | 'not-a-browser' | 'cross-site';

/**
 * Who sent the request, as far as the browser tells: Fetch Metadata first (`Sec-Fetch-Site`,
 * sent by every current browser; only `same-origin` is our own page: `same-site` is another
 * unit's host or any other page under the same registrable domain, `none` a typed or pasted
 * address), then the Origin header for browsers without it (compared with the Host the request
 * was sent to, port included). A request with neither comes from no browser page (curl, a
 * partner's server, the desktop client's main process) and cannot ride on a user's cookies
 * cross-site.
 */
export function crossSiteVerdict(request: FastifyRequest): CrossSiteVerdict {
  const site = headerText(request.headers['sec-fetch-site'])?.toLowerCase();
  if (site !== undefined) return site === 'same-origin' ? 'same-origin' : 'cross-site';
  const origin = headerText(request.headers.origin);
  if (origin === undefined) return 'not-a-browser';
  return originMatchesHost(origin, headerText(request.headers.host)) ? 'same-origin' : 'cross-site';
}

/**
 * The cross-site request forgery guard of every route (an onRequest hook, before the body is
 * read): a request that changes state and comes from another site's page is refused with 403
 * and the envelope, whatever cookies it carries. This covers login CSRF too (a foreign page
 * posting the login form would sign the browser in to the attacker's account). The platform's
 * own pages are same-origin, so every method the spec gives them keeps working.
 */
export function refuseCrossSite(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (
    !changesState(request.method, request.routeOptions.url) ||
    crossSiteVerdict(request) !== 'cross-site'
  ) {
    done();
    return;
  }
  request.log.info(
    { site: request.headers['sec-fetch-site'], origin: request.headers.origin },
    'cross-site request refused',
  );
  void reply
    .code(403)
    .header('cache-control', 'no-store')
    .send(fail(403, 'cross_site_request', MESSAGES.crossSite));
}

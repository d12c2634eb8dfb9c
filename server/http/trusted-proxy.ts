import net from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Which hops in front of the server may speak for the client (EDUDESK_TRUST_PROXY): none
 * (`false`), the nearest `n` hops whoever they are (a hop count), or the hops whose address is
 * in a list of addresses and CIDR ranges. Never "every hop": then the client's own
 * X-Forwarded-For would choose its address.
 */
export type TrustProxy = false | number | readonly string[];

/** The ranges @fastify/proxy-addr knows by name (loopback: 127.0.0.1/8 and ::1). */
const NAMED_RANGES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 16;
const OFF = new Set(['0', 'false', 'off', 'no']);
const EVERY_HOP = new Set(['true', 'yes', 'on', 'all', '*']);

const HOW =
  'give the number of proxies in front of the server (1 for one balancer) or their addresses ' +
  'and CIDR ranges separated by commas (e.g. 10.0.0.2 or 10.0.0.0/24)';

/** An address (`10.0.0.2`, `::1`), a CIDR range (`10.0.0.0/24`) or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * EDUDESK_TRUST_PROXY: unset, `0`, `false` or `off` trust nobody; `1` … `16` trust that many
 * hops; anything else is a comma-separated list of addresses and CIDR ranges. `true` and the
 * like are refused: trusting every hop lets any client pick its address (and a fresh one each
 * request, escaping the sign-in throttle's per-address counters).
 */
export function parseTrustProxy(raw: string | undefined, name = 'EDUDESK_TRUST_PROXY'): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || OFF.has(value)) return false;
  if (EVERY_HOP.has(value)) {
    throw new Error(
      `${name}=${raw?.trim() ?? ''} would trust every hop, so any client could choose its own ` +
        `address with X-Forwarded-For: ${HOW}`,
    );
  }
  if (/^[0-9]+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > MAX_HOPS) {
      throw new Error(`${name} must be a hop count from 1 to ${String(MAX_HOPS)} (got "${value}")`);
    }
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    throw new Error(
      `${name} has what is not an address or CIDR range: "${wrong.join('", "')}"; ${HOW}`,
    );
  }
  return entries;
}

/** Fastify's trust function for X-Forwarded-* headers. */
type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The option Fastify gets. A list is Fastify's own (@fastify/proxy-addr compiles it). A hop
 * count is a function: Fastify 5 refuses a plain number (it cannot tell the proxy from a
 * client that connects directly), so the operator who chose a count has promised that only the
 * proxies can reach the server's port (docs/server.md, "Behind a proxy").
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | TrustFunction {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/**
 * X-Forwarded-Host would choose the unit (the unit is the host's, server/tenancy) and the links
 * the server builds (server/http/request-origin.ts): Fastify honours it from any trusted hop, and
 * a proxy that passes the client's own header on makes it the client's choice. Unless the
 * operator says their proxy sets it (EDUDESK_TRUST_FORWARDED_HOST), it is removed before
 * anything reads `request.host`, so the Host header decides. The first onRequest hook.
 */
export function ignoreForwardedHost(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // The header object Fastify's `request.host` reads (`request.headers` may be a copy).
  delete request.raw.headers['x-forwarded-host'];
  done();
}

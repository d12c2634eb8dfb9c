import type { FastifyRequest } from 'fastify';

/** Where links the server builds may point: the operator's hosts, or its public origin. */
export interface LinkOriginPolicy {
  /** True for a host name bound to a unit (the operator's configuration, table unit_hosts). */
  isKnownHost: (hostname: string) => Promise<boolean>;
  /** The configured public origin (EDUDESK_PUBLIC_ORIGIN), used for any other Host. */
  publicOrigin: string;
}

/** A plain `name[:port]` or `[ipv6][:port]`: nothing else in a Host header makes a link. */
const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The origin for absolute links back to this server (a single-sign-on ticket URL, the help
 * centre's way back). The Host header is the caller's to choose, so it is used only when its
 * name is one the operator bound to a unit (the port as sent, since the same host may be served
 * on several); any other Host (a forged one, a bare address nobody configured) gets the
 * configured public origin. The host is the Host header's (a trusted proxy's X-Forwarded-Host
 * only with EDUDESK_TRUST_FORWARDED_HOST: server/http/trusted-proxy.ts); the scheme is the
 * connection's, or X-Forwarded-Proto when the proxy is trusted (EDUDESK_TRUST_PROXY).
 */
export async function linkOrigin(
  request: FastifyRequest,
  policy: LinkOriginPolicy,
): Promise<string> {
  const url = plainOrigin(request);
  if (!url) return policy.publicOrigin;
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  return (await policy.isKnownHost(hostname)) ? url.origin : policy.publicOrigin;
}

function plainOrigin(request: FastifyRequest): URL | undefined {
  const host = request.host;
  if (!PLAIN_HOST.test(host)) return undefined;
  try {
    return new URL(`${request.protocol}://${host}`);
  } catch {
    // A port out of range.
    return undefined;
  }
}

/**
 * The origin the caller addressed, for a URL answered only to that caller and never cached or
 * sent to anyone else (the stand-in providers' pages: a phone on the LAN reaches them by the
 * address the page was opened with). A Host that is not a plain name gets the public origin.
 */
export function callerOrigin(request: FastifyRequest, policy: LinkOriginPolicy): string {
  return plainOrigin(request)?.origin ?? policy.publicOrigin;
}

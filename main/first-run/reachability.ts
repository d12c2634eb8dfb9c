import { API } from '../../contract/api-paths';
import { isEnvelope, SUCCESS_STATUS } from '../../contract/envelope';

export type Reachability = { ok: true } | { ok: false; reason: 'unreachable' | 'notPlatform' };

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const REACHABILITY_TIMEOUT_MS = 10_000;

/**
 * Is there a platform server at `origin`? Asks for the public login configuration (spec §7
 * GET /api/uaa/oauth/login/config with the host as `url`), the first call every login page makes:
 * a platform answers 200 with an envelope of status 200. No answer at all is "unreachable"; any
 * other answer (a web server, a captive portal, an error page) is "not a platform". Main passes
 * Electron's net.fetch, so proxies and certificates are the system's.
 */
export async function checkServer(
  origin: string,
  fetchImpl: FetchLike,
  timeoutMs: number = REACHABILITY_TIMEOUT_MS,
): Promise<Reachability> {
  const url = new URL(API.loginConfig, origin);
  url.searchParams.set('url', new URL(origin).host);
  let response: Response;
  try {
    response = await fetchImpl(url.href, {
      method: 'GET',
      headers: { accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, reason: 'unreachable' };
  }
  if (!response.ok) return { ok: false, reason: 'notPlatform' };
  try {
    const body: unknown = await response.json();
    return isEnvelope(body) && body.status === SUCCESS_STATUS
      ? { ok: true }
      : { ok: false, reason: 'notPlatform' };
  } catch {
    return { ok: false, reason: 'notPlatform' };
  }
}

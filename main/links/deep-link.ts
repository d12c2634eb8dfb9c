import { isPlatformRoute } from '../../contract/platform-route';
import { hasInvisible, replaceInvisible } from './invisible';

/**
 * `edudesk://open?path=/pages/...` links (docs/desktop-client.md, "Links (edudesk://)"). The
 * installers register the scheme; Windows starts the client with the link as an argument, and a
 * running client receives it through 'second-instance'. A link is opened in the main window only
 * when its path is a platform route; anything else is refused (and logged by the caller).
 */
export const DEEP_LINK_SCHEME = 'edudesk';

const MAX_LINK_LENGTH = 2048;

/** The first segment of every route a link may open (renderer/shell, spec §2 redirects). */
const ROUTE_PREFIXES: readonly string[] = ['pages', 'desktop', 'areaDesktop', 'redirect'];

const SEGMENT = /^[A-Za-z0-9._~-]+$/;
const QUERY_OR_FRAGMENT = /^[A-Za-z0-9._~\-=&+,:/%]*$/;

/** True when every %XX escape is well formed and none of them decodes to a control character. */
function safeEscapes(text: string): boolean {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return false;
  }
  return !hasInvisible(decoded);
}

/**
 * A platform route (contract/platform-route.ts) a link may open: `/`, or `/pages/…`, `/desktop…`,
 * `/areaDesktop/…`, `/redirect/…` with plain segments (no `.` or `..`, no empty segment, so no
 * `//`), then an optional query and fragment of plain characters and well-formed escapes. No
 * scheme, host, backslash, whitespace or control character can pass.
 */
export function isLinkRoute(route: string): boolean {
  if (!isPlatformRoute(route) || route.length > MAX_LINK_LENGTH) return false;
  const match = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(route);
  if (!match) return false;
  const [, pathname = '', query = '', fragment = ''] = match;
  if (pathname === '/') return [query, fragment].every(plainPart);
  const segments = pathname.slice(1).split('/');
  // A trailing slash leaves one empty last segment; any other empty segment is a `//`.
  if (segments.at(-1) === '' && segments.length > 1) segments.pop();
  if (!ROUTE_PREFIXES.includes(segments[0] ?? '')) return false;
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== '.' && segment !== '..')) {
    return false;
  }
  return [query, fragment].every(plainPart);
}

function plainPart(part: string): boolean {
  return QUERY_OR_FRAGMENT.test(part) && safeEscapes(part);
}

export type DeepLink = { ok: true; route: string } | { ok: false; reason: string };

/** Reads `edudesk://open?path=<route>`; the route must pass isPlatformRoute. */
export function parseDeepLink(link: string): DeepLink {
  if (link.length > MAX_LINK_LENGTH) return { ok: false, reason: 'too long' };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return { ok: false, reason: 'not an edudesk link' };
  if (url.username !== '' || url.password !== '' || url.port !== '') {
    return { ok: false, reason: 'unexpected credentials or port' };
  }
  if (url.hostname !== 'open' || (url.pathname !== '' && url.pathname !== '/')) {
    return { ok: false, reason: 'unknown action' };
  }
  if (url.hash !== '') return { ok: false, reason: 'unexpected fragment' };
  const names = [...url.searchParams.keys()];
  const route = url.searchParams.get('path');
  if (route === null || names.length !== 1) return { ok: false, reason: 'expects one path' };
  if (!isLinkRoute(route)) return { ok: false, reason: 'not a platform route' };
  return { ok: true, route };
}

/**
 * The link among a started instance's arguments (Windows passes it as one argument after the
 * executable, and Chromium may add switches around it); null when there is none.
 */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  const prefix = `${DEEP_LINK_SCHEME}:`;
  return argv.find((argument) => argument.toLowerCase().startsWith(prefix)) ?? null;
}

/** A refused link for the log: shortened, control characters shown as `?`. */
export function describeLink(link: string): string {
  const shown = replaceInvisible(link, '?');
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}

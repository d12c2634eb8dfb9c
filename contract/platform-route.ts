/**
 * A platform route: a path on the platform's own origin that a notification may open
 * (contract/host.ts HostNotification.route), such as `/pages/base/pc_desktop_all/index.html` or
 * `/pages/base/pc_desktop_all/index.html#/desktop/home`. Shared by the renderer's web host and
 * the desktop client, which both refuse anything else: another origin (`//host/…`, `https:…`),
 * a script (`javascript:…`), a backslash (read as a slash by browsers), spaces or control
 * characters, a `..` segment, or a path longer than PLATFORM_ROUTE_MAX_LENGTH.
 */

/** Longer routes are refused (a notification carries a route, never a document). */
export const PLATFORM_ROUTE_MAX_LENGTH = 2048;

/** Path, query and fragment characters of RFC 3986, percent-escapes included. */
const ROUTE_PATTERN = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]*$/;

/** True when `value` is a platform route (see above). Pure. */
export function isPlatformRoute(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > PLATFORM_ROUTE_MAX_LENGTH) return false;
  if (!ROUTE_PATTERN.test(value)) return false;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  // A dot segment, escaped or not, could climb out of the platform's folders.
  return !path.split('/').some((segment) => /^(\.|%2e){2}$/i.test(segment));
}

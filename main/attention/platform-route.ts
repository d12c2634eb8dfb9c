import { IPC_LIMITS } from '../../contract/ipc';

/**
 * A route of the platform a notification may open (contract/host.ts HostNotification): a path
 * of the platform's own origin such as `/pages/base/pc_desktop_all/index.html#/home` or
 * `/desktop`, never a URL of its own. Refused: a scheme or host (`https:`, `//host`), a
 * backslash (browsers read `/\host` as `//host`), control characters and spaces that URL parsing
 * strips or rewrites, `..` segments, and anything that would leave the origin once resolved
 * against it.
 */
export function isPlatformRoute(route: unknown): route is string {
  if (typeof route !== 'string' || route.length > IPC_LIMITS.notificationRoute) return false;
  if (!route.startsWith('/') || route.startsWith('//')) return false;
  // C0 controls, space, DEL and the backslash.
  for (const char of route) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\') return false;
  }
  // A dot segment, escaped or not, could climb out of the platform's folders.
  const path = route.split(/[?#]/, 1)[0] ?? '';
  if (path.split('/').some((segment) => /^(\.|%2e){2}$/i.test(segment))) return false;
  const base = 'https://platform.invalid';
  try {
    const resolved = new URL(route, base);
    return resolved.origin === base && resolved.pathname.startsWith('/');
  } catch {
    return false;
  }
}

/** The URL the main window loads for a route of the platform at `origin`. */
export function platformRouteUrl(origin: string, route: string): string | null {
  if (!isPlatformRoute(route)) return null;
  const url = new URL(route, origin);
  return url.origin === origin ? url.href : null;
}

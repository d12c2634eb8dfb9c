import { isPlatformRoute } from '../../contract/platform-route';

/** The URL the main window loads for a route of the platform at `origin`. */
export function platformRouteUrl(origin: string, route: string): string | null {
  if (!isPlatformRoute(route)) return null;
  const url = new URL(route, origin);
  return url.origin === origin ? url.href : null;
}

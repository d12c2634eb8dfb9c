/**
 * Window names the platform's pages use with `window.open(url, name)` or a form's `target`, so
 * the desktop client can tell an application window from an ordinary link. In a browser they are
 * plain window names. The desktop client sorts every new window (main/windows/url-policy.ts):
 * - same origin: `/needtologinpagerelogin` gets the relogin window, every other page an
 *   application window with the bridge;
 * - another origin, named `edudesk-app…` (http menu routes, the haikang and ysy single-sign-on
 *   pages, spec §2): an application window without the bridge;
 * - the help centre (named `edudesk-help-centre`, or a URL carrying redUrl, accessToken and
 *   unitId, spec §2): the help-centre window;
 * - any other http(s) link: the system browser. Other schemes: nothing.
 */
export const WINDOW_TARGETS = {
  /** Prefix: `edudesk-app` or `edudesk-app-{code}` (one window per application code). */
  app: 'edudesk-app',
  helpCentre: 'edudesk-help-centre',
} as const;

/** The window name for an application's window, one per application code. */
export function appWindowTarget(code?: string): string {
  return code === undefined || code === '' ? WINDOW_TARGETS.app : `${WINDOW_TARGETS.app}-${code}`;
}

/** The path of the login page the desktop client opens in its own window (spec §2). */
export const RELOGIN_PATH = '/needtologinpagerelogin';

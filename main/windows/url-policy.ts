import { SOCIAL_QR_FRAME_ORIGINS } from '../../contract/social';
import { RELOGIN_PATH, WINDOW_TARGETS } from '../../contract/window-targets';

/**
 * Where every URL goes (docs/desktop-client.md): in place, into one of the client's
 * windows, to the system browser, or nowhere. One pure rule set for `setWindowOpenHandler`,
 * `will-navigate` and `will-redirect`; main/windows/navigation-guard.ts applies it.
 */

/** The client's kinds of window. */
export type WindowRole = 'main' | 'relogin' | 'help-centre' | 'app' | 'local';

/** Actions of the bundled pages (app://edudesk/...): the first-run, offline and Settings pages. */
export type LocalAction = 'connect' | 'retry' | 'change-server' | 'save-settings';

export type UrlDecision =
  | { action: 'allow' }
  | { action: 'open'; role: 'relogin' | 'help-centre' | 'app' }
  | { action: 'external' }
  | { action: 'local'; name: LocalAction; params: URLSearchParams }
  | { action: 'deny' };

export const APP_SCHEME = 'app';
export const APP_HOST = 'edudesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

const LOCAL_ACTIONS: ReadonlySet<string> = new Set<LocalAction>([
  'connect',
  'retry',
  'change-server',
  'save-settings',
]);

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function isWeb(url: URL): boolean {
  return url.protocol === 'https:' || url.protocol === 'http:';
}

/** A bundled page: app://edudesk/... (the host compared without case). */
export function isLocalUrl(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host.toLowerCase() === APP_HOST;
}

/** The help centre's URL (spec §2): redUrl, accessToken and unitId in the query. */
export function isHelpCentreUrl(url: URL): boolean {
  return ['redUrl', 'accessToken', 'unitId'].every((name) => url.searchParams.has(name));
}

/** Paths where the user is still signing in (spec §2): the relogin window stays open there. */
export function isLoginPath(pathname: string): boolean {
  return (
    pathname === '/' ||
    pathname === '/login' ||
    pathname === '/login/' ||
    pathname === RELOGIN_PATH ||
    pathname === '/forgetPassword' ||
    pathname.startsWith('/bind/') ||
    /^\/[^/]+\/login\//.test(pathname)
  );
}

/**
 * A page asks for a new window (window.open, target=_blank, a form with a target).
 * `frameName` is the window name the page chose (contract/window-targets.ts).
 */
export function classifyWindowOpen(
  rawUrl: string,
  frameName: string,
  platformOrigin: string | null,
): UrlDecision {
  const url = parse(rawUrl);
  if (!url || !isWeb(url)) return { action: 'deny' };
  if (platformOrigin !== null && url.origin === platformOrigin) {
    if (url.pathname === RELOGIN_PATH) return { action: 'open', role: 'relogin' };
    if (frameName === WINDOW_TARGETS.helpCentre || isHelpCentreUrl(url)) {
      return { action: 'open', role: 'help-centre' };
    }
    return { action: 'open', role: 'app' };
  }
  if (frameName === WINDOW_TARGETS.helpCentre || isHelpCentreUrl(url)) {
    return { action: 'open', role: 'help-centre' };
  }
  if (frameName === WINDOW_TARGETS.app || frameName.startsWith(`${WINDOW_TARGETS.app}-`)) {
    return { action: 'open', role: 'app' };
  }
  return { action: 'external' };
}

/**
 * A window's top frame is about to navigate (or be redirected) to `rawUrl`.
 * - main and relogin windows stay on the platform; other web pages go to the system browser;
 * - help-centre and application windows show third-party sites and navigate freely on the web
 *   (they never have the bridge off the platform origin);
 * - bundled pages only trigger their own actions, checked by the caller against the window.
 */
export function classifyNavigation(
  rawUrl: string,
  role: WindowRole,
  platformOrigin: string | null,
): UrlDecision {
  const url = parse(rawUrl);
  if (!url) return { action: 'deny' };
  if (role === 'local') {
    if (!isLocalUrl(url)) return { action: 'deny' };
    const name = url.pathname.replace(/^\//, '');
    if (LOCAL_ACTIONS.has(name)) {
      return { action: 'local', name: name as LocalAction, params: url.searchParams };
    }
    return url.pathname.endsWith('.html') ? { action: 'allow' } : { action: 'deny' };
  }
  if (!isWeb(url)) return { action: 'deny' };
  if (role === 'help-centre' || role === 'app') return { action: 'allow' };
  if (platformOrigin !== null && url.origin === platformOrigin) return { action: 'allow' };
  return { action: 'external' };
}

/**
 * A frame inside a page navigates (will-frame-navigate): only the platform's own pages and the
 * sign-in providers' QR login pages (the login box frames them, docs/social-login.md) may load
 * in a frame; anything else is stopped. Blank frames are fine.
 */
export function classifyFrameNavigation(
  rawUrl: string,
  platformOrigin: string | null,
  providerOrigins: readonly string[] = SOCIAL_QR_FRAME_ORIGINS,
): 'allow' | 'deny' {
  if (rawUrl === 'about:blank' || rawUrl === 'about:srcdoc') return 'allow';
  const url = parse(rawUrl);
  if (!url || !isWeb(url)) return 'deny';
  if (platformOrigin !== null && url.origin === platformOrigin) return 'allow';
  return providerOrigins.includes(url.origin) ? 'allow' : 'deny';
}

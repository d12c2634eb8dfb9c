import type { HandlerDetails, WebContents } from 'electron';
import {
  APP_SCHEME,
  classifyFrameNavigation,
  classifyNavigation,
  classifyWindowOpen,
  type LocalAction,
  type WindowRole,
} from './url-policy';

/** What the guard does with a decision; the window manager supplies it. */
export interface GuardActions {
  platformOrigin(): string | null;
  /** Opens one of the client's windows for a URL a page asked to open. */
  openWindow(role: 'relogin' | 'help-centre' | 'app', details: HandlerDetails): void;
  /** Hands an http(s) URL to the system browser. */
  openInBrowser(url: string): void;
  /** Runs a bundled page's action (connect, retry, change server) for this window. */
  localAction(name: LocalAction, params: URLSearchParams, contents: WebContents): void;
}

/** The role a window plays now: a window showing a bundled page acts as a local window. */
export function effectiveRole(baseRole: WindowRole, currentUrl: string): WindowRole {
  return currentUrl.toLowerCase().startsWith(`${APP_SCHEME}:`) ? 'local' : baseRole;
}

/**
 * Puts one window's web contents under url-policy.ts: every new-window request is denied and
 * re-created by the client as the right kind of window (or sent to the browser), and every
 * top-frame navigation and redirect is allowed, diverted or stopped. Nothing is allowed by
 * default.
 */
export function guardWebContents(
  contents: WebContents,
  baseRole: WindowRole,
  actions: GuardActions,
): void {
  contents.setWindowOpenHandler((details) => {
    const decision = classifyWindowOpen(details.url, details.frameName, actions.platformOrigin());
    if (decision.action === 'open') actions.openWindow(decision.role, details);
    else if (decision.action === 'external') actions.openInBrowser(details.url);
    return { action: 'deny' };
  });

  const onNavigation = (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => {
    if (!event.isMainFrame) return;
    const role = effectiveRole(baseRole, contents.getURL());
    const decision = classifyNavigation(event.url, role, actions.platformOrigin());
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.action === 'external') actions.openInBrowser(event.url);
    else if (decision.action === 'local')
      actions.localAction(decision.name, decision.params, contents);
  };
  contents.on('will-navigate', onNavigation);
  contents.on('will-redirect', onNavigation);
  // Frames: the platform's pages and the providers' QR login pages only.
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return;
    if (classifyFrameNavigation(event.url, actions.platformOrigin()) === 'deny') {
      event.preventDefault();
    }
  });
}

/** Only http(s) ever reaches shell.openExternal, checked again right before the call. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

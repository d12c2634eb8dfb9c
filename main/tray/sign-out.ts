import { API } from '../../contract/api-paths';

export interface SignOutDeps {
  /** The configured platform server, or null. */
  platform(): { origin: string; url: string } | null;
  /**
   * POSTs to a platform URL with the main window's session cookies (Electron's
   * session.fetch with credentials 'include').
   */
  post(url: string): Promise<unknown>;
  /** Forgets the server's vault entry, as the page's onLoggedOut does (contract/host.ts). */
  forget(origin: string): Promise<void>;
  /** Empties the badge and the tray's latest messages. */
  reset(): void;
  /** Loads a URL in the main window and shows it. */
  openMain(url: string): void;
  warn(message: string): void;
}

/**
 * The tray's "Sign out" (docs/desktop-client.md): the desktop client hides the page's own
 * logout button (spec §2), so main ends the session as the page's logout routine would (spec §4
 * logout): the platform's logout call (POST /api/uaa/oauth/logout, which ends the session on the
 * server and clears its cookies; a failure is ignored as spec §8 says), the vault entry
 * forgotten so no auto-login follows, then the server's start page, which finds nobody signed in
 * and shows the login.
 */
export async function signOut(deps: SignOutDeps): Promise<void> {
  const platform = deps.platform();
  if (!platform) return;
  try {
    await deps.post(`${platform.origin}${API.logout}`);
  } catch (error) {
    deps.warn(`Sign out: the logout call failed (${String(error)})`);
  }
  await deps.forget(platform.origin).catch(() => undefined);
  deps.reset();
  deps.openMain(platform.url);
}

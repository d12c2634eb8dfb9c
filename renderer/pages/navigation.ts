import { landingTarget } from '../core/app-url/landing';
import { detectDevice } from '../core/device';
import { isDev } from '../core/env';
import { useSession } from '../core/session/session-store';
import { queryParam } from '../features/login/login-check/steps';

/** Landing paths look like /{root}/{code}/{page}/index.html: their first segment is the root. */
const LANDING_PATH = /^\/([A-Za-z0-9_-]+)\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/index\.html$/;

/** The root folder for landing pages (spec §2 "/{root}/..."), falling back to the configured one. */
export function landingRoot(pathname: string, configuredRoot = 'pages'): string {
  return LANDING_PATH.exec(pathname)?.[1] ?? configuredRoot;
}

/** After a login: redirect_uri (same origin only), /redirect/{name}, or the landing page. */
export function goToLanding(): void {
  const user = useSession.getState().user;
  if (user === null) return;
  const here = new URL(window.location.href);
  const target = landingTarget({
    user,
    device: detectDevice(),
    isDev,
    root: landingRoot(here.pathname),
    redirectUri: queryParam(here, 'redirect_uri'),
    currentUrl: here.href,
    pcAppUnitIds: [],
  });
  if (target.kind === 'go') window.location.assign(target.url);
}

/** Step 10 on a page that needs a session: the login page, coming back here afterwards. */
export function goToLogin(returnHere = true): void {
  const url = returnHere
    ? `/login?redirect_uri=${encodeURIComponent(window.location.href)}`
    : '/login';
  window.location.assign(url);
}

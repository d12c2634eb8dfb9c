import { landingRoot, landingTarget, type LandingUser } from '../core/app-url/landing';
import { detectDevice } from '../core/device';
import { isDev } from '../core/env';
import { useSession } from '../core/session/session-store';
import { queryParam } from '../core/hash-route';

/** After a login: redirect_uri (same origin only), /redirect/{name}, or the landing page. */
export function goToLanding(loginData?: LandingUser): void {
  const user = loginData ?? useSession.getState().user;
  if (!user) return;
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

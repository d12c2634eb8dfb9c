import {
  changePasswordPath,
  desktopLandingPath,
  landingRoot,
  landingTarget,
  likelyLandingUrl,
  type LandingInput,
  type LandingUser,
} from '../core/app-url/landing';
import { detectDevice } from '../core/device';
import { CONFIGURED_ROOT, isDev } from '../core/env';
import { useSession } from '../core/session/session-store';
import { queryParam } from '../core/hash-route';

/** What the landing rules read from this page: the device, its address and its root folder. */
function landingInput(): Omit<LandingInput, 'user'> {
  const here = new URL(window.location.href);
  return {
    device: detectDevice(),
    isDev,
    root: landingRoot(here.pathname),
    redirectUri: queryParam(here, 'redirect_uri'),
    currentUrl: here.href,
    pcAppUnitIds: [],
  };
}

/** After a login: redirect_uri (same origin only), /redirect/{name}, or the landing page. */
export function goToLanding(loginData?: LandingUser): void {
  const user = loginData ?? useSession.getState().user;
  if (!user) return;
  const target = landingTarget({ ...landingInput(), user });
  if (target.kind === 'go') window.location.assign(target.url);
}

/** The user's desktop (spec §2 post-login landing pages) under the configured root folder. */
export function desktopUrl(user: LandingUser): string {
  return desktopLandingPath({ ...landingInput(), root: CONFIGURED_ROOT, user });
}

/** The page a login here will most likely land on, for a user of the given unit (or null). */
export function likelyLanding(
  unit: Pick<LandingUser, 'unitType' | 'unitId'> | null,
): string | null {
  return likelyLandingUrl({ ...landingInput(), unit });
}

/** Step 10 on a page that needs a session: the login page, coming back here afterwards. */
export function goToLogin(returnHere = true): void {
  const url = returnHere
    ? `/login?redirect_uri=${encodeURIComponent(window.location.href)}`
    : '/login';
  window.location.assign(url);
}

/**
 * The password change page, for a user who must change a one-time password before anything
 * else; it brings them back here afterwards.
 */
export function goToPasswordChange(): void {
  const here = window.location;
  const path = changePasswordPath(landingRoot(here.pathname, CONFIGURED_ROOT), isDev);
  window.location.assign(`${path}?redirect_uri=${encodeURIComponent(here.href)}`);
}

// antd's styles for the components the desktops add to the login page's; a lazy module that
// draws more brings the app set itself (scripts/vite/antd-static-styles.ts).
import 'virtual:antd-static/desktop.css';
import { useDeferredValue, useEffect, useState } from 'react';
import { desktopLandingPath, landingRoot } from '../../core/app-url/landing';
import { detectDevice } from '../../core/device';
import { isDev } from '../../core/env';
import { DesktopShell } from '../../shell/desktop-shell';
import { goToLogin } from '../navigation';
import { CheckingSignIn, LoginConfirmation } from '../page-frame';
import { ReloginDialog } from '../relogin-dialog';
import { useLandingUser, useLoginConfirmation } from '../use-signed-in';
import { HAND_OVER_MS, queryCache } from '../../core/query/query-cache';
import { myAppsQuery } from '../../features/menu/index';

/**
 * How long the desktop holds its first render for the icons' answer: with it the first render
 * draws the icons (one render, like a bare page); a slower answer is drawn when it comes.
 */
const ICONS_WAIT_CAP_MS = 1000;

/**
 * A post-login landing page (spec §2): the desktop, the area desktop and the mobile desktop.
 * It needs a session: the login check runs first and sends a visitor without one to the login
 * page, coming back here afterwards.
 */
/** After logging out: the login page, with no way back to this one. */
function toLoginPage(): void {
  goToLogin(false);
}

export function DesktopPage({
  variant,
}: {
  variant: 'desktop' | 'area-desktop' | 'mobile-desktop';
}) {
  const known = useLandingUser();
  const [iconsSettledFor, setIconsSettledFor] = useState<string | null>(null);
  const userId = known?.userId;
  const unitId = known?.unitId;
  // Icons already in the cache (the boot's early call, or the prerendered desktop's calls at the
  // login) are settled from this render on (React's state adjusted while rendering): the first
  // render draws them, and no later state change renders the whole page again.
  const iconsCached =
    known !== null &&
    queryCache.getData(myAppsQuery(known.userId, known.unitId), HAND_OVER_MS) !== undefined;
  if (known !== null && iconsCached && iconsSettledFor !== known.userId) {
    setIconsSettledFor(known.userId);
  }
  const iconsSettled = known !== null && (iconsCached || iconsSettledFor === known.userId);
  useEffect(() => {
    if (userId === undefined || unitId === undefined || iconsSettledFor === userId) {
      return undefined;
    }
    let active = true;
    void queryCache.settled(myAppsQuery(userId, unitId), ICONS_WAIT_CAP_MS).then(() => {
      if (active) setIconsSettledFor(userId);
    });
    return () => {
      active = false;
    };
  }, [userId, unitId, iconsSettledFor]);
  // The shell's first render, once the user is known, is deferred: React renders it in short
  // slices instead of one long task (a store update alone renders synchronously); the loading
  // label stays until it commits (blocking time on a slow PC).
  const user = useDeferredValue(iconsSettled ? known : null);
  const confirmation = useLoginConfirmation(user !== null);

  if (user === null) return <CheckingSignIn />;

  const homeUrl = desktopLandingPath({
    user,
    device: detectDevice(),
    isDev,
    root: landingRoot(window.location.pathname),
    pcAppUnitIds: [],
  });
  return (
    <>
      <DesktopShell user={user} variant={variant} homeUrl={homeUrl} onLoggedOut={toLoginPage} />
      <ReloginDialog pageUser={user} />
      <LoginConfirmation ref={confirmation} />
    </>
  );
}

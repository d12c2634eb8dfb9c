// antd's styles for the components the desktops add to the login page's; a lazy module that
// draws more brings the app set itself (scripts/vite/antd-static-styles.ts).
import 'virtual:antd-static/desktop.css';
import { landingRoot } from '../../core/app-url/landing';
import { MobileDesktopShell } from '../../shell/mobile-desktop-shell';
import { goToLogin } from '../navigation';
import { CheckingSignIn, LoginConfirmation } from '../page-frame';
import { ReloginDialog } from '../relogin-dialog';
import { useLandingUser, useLoginConfirmation } from '../use-signed-in';

/**
 * The mobile landing page (spec §2: /{root}/base/mobile_desktop_all/index.html), its own entry so
 * a phone downloads neither the PC desktop's menus nor its dialogs. Like the desktop page it needs
 * a session: the login check runs first.
 */
export function MobileDesktopPage() {
  const user = useLandingUser();
  const confirmation = useLoginConfirmation(user !== null);

  if (user === null) return <CheckingSignIn />;
  return (
    <>
      <MobileDesktopShell
        user={user}
        root={landingRoot(window.location.pathname)}
        onLoggedOut={() => {
          goToLogin(false);
        }}
      />
      <ReloginDialog pageUser={user} />
      <LoginConfirmation ref={confirmation} />
    </>
  );
}

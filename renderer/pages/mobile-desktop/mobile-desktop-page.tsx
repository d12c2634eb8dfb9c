// antd's styles for the components the desktops add to the login page's; a lazy module that
// draws more brings the app set itself (scripts/vite/antd-static-styles.ts).
import 'virtual:antd-static/desktop.css';
import { lazy, Suspense } from 'react';
import { landingRoot } from '../../core/app-url/landing';
import { MobileDesktopShell } from '../../shell/mobile-desktop-shell';
import { goToLogin } from '../navigation';
import { CheckingSignIn } from '../page-frame';
import { reloginDone, useRelogin } from '../relogin-store';
import { useLandingUser, useLoginConfirmation } from '../use-signed-in';
import { loadLoginDialog } from '../../features/login/index';

// The login form (antd Form, Input, Checkbox, the validators: about 40 KB gzip) is needed only
// when the session ends mid-page: a phone downloads it then, not before the first paint.
const LoginDialog = lazy(async () => ({
  default: (await loadLoginDialog()).LoginDialog,
}));

/**
 * The mobile landing page (spec §2: /{root}/base/mobile_desktop_all/index.html), its own entry so
 * a phone downloads neither the PC desktop's menus nor its dialogs. Like the desktop page it needs
 * a session: the login check runs first.
 */
export function MobileDesktopPage() {
  const user = useLandingUser();
  useLoginConfirmation(user !== null);
  const relogin = useRelogin();

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
      {relogin.required && (
        <Suspense fallback={null}>
          <LoginDialog
            open
            onLoggedIn={(signedIn) => {
              reloginDone(user, signedIn);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

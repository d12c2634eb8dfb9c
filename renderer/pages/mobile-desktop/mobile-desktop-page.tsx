import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { landingRoot } from '../../core/app-url/landing';
import { useTheme } from '../../core/theme/theme-store';
import { LoginDialog } from '../../features/login/login-dialog';
import { takeLoginSuccess } from '../../features/login/login-session';
import { MobileDesktopShell } from '../../shell/mobile-desktop-shell';
import { notify } from '../../ui/notify/notify';
import { goToLogin } from '../navigation';
import { PageLoading } from '../page-frame';
import { useRelogin } from '../relogin-store';
import { useSignedIn } from '../use-signed-in';

/**
 * The mobile landing page (spec §2: /{root}/base/mobile_desktop_all/index.html), its own entry so
 * a phone downloads neither the PC desktop's menus nor its dialogs. Like the desktop page it needs
 * a session: the login check runs first.
 */
export function MobileDesktopPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const relogin = useRelogin();
  const user = signedIn?.user ?? null;
  const justLoggedIn = signedIn?.justLoggedIn === true;
  const confirmed = useRef(false);
  useEffect(() => {
    if (user === null || confirmed.current) return;
    confirmed.current = true;
    useTheme.getState().loadLayout(user.unitId);
    // takeLoginSuccess() always runs, so the hand-over from the login page is used only once.
    if (takeLoginSuccess() || justLoggedIn) notify.success(t('login.success'));
  }, [user, justLoggedIn, t]);

  if (user === null) return <PageLoading label={t('login.checking')} />;
  return (
    <>
      <MobileDesktopShell
        user={user}
        root={landingRoot(window.location.pathname)}
        onLoggedOut={() => {
          goToLogin(false);
        }}
      />
      <LoginDialog open={relogin.required} onLoggedIn={relogin.done} />
    </>
  );
}

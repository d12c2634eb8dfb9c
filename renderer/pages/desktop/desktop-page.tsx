import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutButton } from '../../features/header/logout-button';
import { WelcomeText } from '../../features/header/welcome-text';
import { LanguageSwitcher } from '../../features/language/language-switcher';
import { LoginDialog } from '../../features/login/login-dialog';
import { takeLoginSuccess } from '../../features/login/login-session';
import { useLoginCheck } from '../../features/login/use-login-check';
import { notify } from '../../ui/notify/notify';
import { TopLayout } from '../../shell/top-layout';
import { UnitBrand } from '../../shell/unit-brand';
import { goToLogin } from '../navigation';
import { PageLoading } from '../page-frame';
import { useRelogin } from '../relogin-store';

/**
 * A post-login landing page (spec §2): the desktop, the area desktop and the mobile desktop.
 * It needs a session: the login check runs first and sends a visitor without one to the login
 * page, coming back here afterwards. The desktop itself (icons, menu, messages) is built on
 * this page by the desktop-shell issue; for now it shows the header.
 */
export function DesktopPage({
  variant,
}: {
  variant: 'desktop' | 'area-desktop' | 'mobile-desktop';
}) {
  const { t } = useTranslation();
  const outcome = useLoginCheck();
  const relogin = useRelogin();
  const loggedIn = outcome?.kind === 'logged-in' || outcome?.kind === 'just-logged-in';

  const confirmed = useRef(false);
  useEffect(() => {
    if (!loggedIn || confirmed.current) return;
    confirmed.current = true;
    // takeLoginSuccess() always runs, so the hand-over from the login page is used only once.
    if (takeLoginSuccess() || outcome.kind === 'just-logged-in') notify.success(t('login.success'));
  }, [loggedIn, outcome, t]);

  useEffect(() => {
    if (outcome === null || loggedIn) return;
    if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else goToLogin();
  }, [outcome, loggedIn]);

  if (!loggedIn) return <PageLoading label={t('login.checking')} />;

  return (
    <TopLayout
      brand={<UnitBrand />}
      actions={
        <>
          <WelcomeText />
          <LanguageSwitcher />
          <LogoutButton
            onLoggedOut={() => {
              goToLogin(false);
            }}
          />
        </>
      }
    >
      <section className={`desktop desktop--${variant}`} aria-label={t('desktop.label')} />
      <LoginDialog open={relogin.required} onLoggedIn={relogin.done} />
    </TopLayout>
  );
}

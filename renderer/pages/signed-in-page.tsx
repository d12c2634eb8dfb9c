import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../core/session/session-store';
import type { CurrentUser } from '../core/session/user-mapper';
import { LogoutButton } from '../features/header/logout-button';
import { WelcomeText } from '../features/header/welcome-text';
import { LanguageSwitcher } from '../features/language/language-switcher';
import { LoginDialog } from '../features/login/login-dialog';
import { useLoginCheck } from '../features/login/use-login-check';
import { TopLayout } from '../shell/top-layout';
import { UnitBrand } from '../shell/unit-brand';
import { goToLogin } from './navigation';
import { PageLoading } from './page-frame';
import { useRelogin } from './relogin-store';

/**
 * A page of the shell that needs a session (my files, my face): the login check runs first and
 * sends a visitor without one to the login page; then the top layout with the unit, the welcome
 * text, the language switcher and logout, the page's own content, and the login dialog for a
 * session that expires on the page.
 */
export function SignedInPage({
  title,
  children,
}: {
  /** The document title. */
  title: string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { t } = useTranslation();
  const outcome = useLoginCheck();
  const relogin = useRelogin();
  const user = useSession((state) => state.user);
  const loggedIn =
    (outcome?.kind === 'logged-in' || outcome?.kind === 'just-logged-in') && user !== null;

  useEffect(() => {
    if (outcome === null || loggedIn) return;
    if (outcome.kind === 'redirect') window.location.assign(outcome.url);
    else goToLogin();
  }, [outcome, loggedIn]);

  useEffect(() => {
    document.title = title;
  }, [title]);

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
      {children(user)}
      <LoginDialog open={relogin.required} onLoggedIn={relogin.done} />
    </TopLayout>
  );
}

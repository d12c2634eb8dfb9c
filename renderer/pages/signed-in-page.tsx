import { useEffect, type ReactNode } from 'react';
import type { CurrentUser } from '../core/session/user-mapper';
import { LogoutButton, WelcomeText } from '../features/header/index';
import { LanguageSwitcher } from '../features/language/index';
import { LoginDialog } from '../features/login/index';
import { ShellLayout } from '../shell/shell-layout';
import { UnitBrand } from '../shell/unit-brand';
import { goToLogin } from './navigation';
import { CheckingSignIn } from './page-frame';
import { useRelogin } from './relogin-store';
import { useSignedIn } from './use-signed-in';

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
  const signedIn = useSignedIn();
  const relogin = useRelogin();

  // While the sign-in is checked; then the header says the page's title and the unit's name.
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!signedIn) return <CheckingSignIn />;

  return (
    <ShellLayout
      layout="top"
      brand={<UnitBrand pageTitle={title} />}
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
      {children(signedIn.user)}
      <LoginDialog open={relogin.required} onLoggedIn={relogin.done} />
    </ShellLayout>
  );
}

import { HomeOutlined } from '@ant-design/icons';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopLandingPath, landingRoot } from '../core/app-url/landing';
import { detectDevice } from '../core/device';
import { isDev } from '../core/env';
import type { CurrentUser } from '../core/session/user-mapper';
import { useScreenClass } from '../core/use-screen-class';
import { HeaderButton, LogoutButton, WelcomeText } from '../features/header/index';
import { LanguageSwitcher } from '../features/language/index';
import { ShellLayout } from '../shell/shell-layout';
import { UnitBrand } from '../shell/unit-brand';
import { goToLogin } from './navigation';
import { CheckingSignIn } from './page-frame';
import { ReloginDialog } from './relogin-dialog';
import { useSignedIn } from './use-signed-in';
import './signed-in-page.css';

/**
 * A page of the shell that needs a session (my files, my face): the login check runs first and
 * sends a visitor without one to the login page; then the top layout with the unit, the welcome
 * text, the way back to the desktop (as on the desktop's header), the language switcher and logout, the page's title and its content in a column, and the
 * login dialog for a session that expires on the page.
 */
export function SignedInPage({
  titleKey,
  Content,
}: {
  /** The page's title (the document's, the header's and the heading's), a text key. */
  titleKey: string;
  /** What the page shows below its title, for the signed-in user. */
  Content: ComponentType<{ user: CurrentUser }>;
}) {
  const { t } = useTranslation();
  const title = t(titleKey);
  const signedIn = useSignedIn();
  // On a phone the header has room for the unit's name or the welcome, not both: it keeps the
  // name, as the desktop's header does (shell/header-actions.tsx, compact).
  const phone = useScreenClass() === 'mobile';

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
          {!phone && <WelcomeText />}
          {/* No desktop before a one-time password is changed (the change page). */}
          {signedIn.user.mustChangePassword ? null : (
            <HeaderButton
              label={t('header.desktop')}
              icon={<HomeOutlined aria-hidden />}
              onClick={() => {
                window.location.assign(
                  desktopLandingPath({
                    user: signedIn.user,
                    device: detectDevice(),
                    isDev,
                    root: landingRoot(window.location.pathname),
                    pcAppUnitIds: [],
                  }),
                );
              }}
            />
          )}
          <LanguageSwitcher />
          <LogoutButton
            onLoggedOut={() => {
              goToLogin(false);
            }}
          />
        </>
      }
    >
      <div className="signed-in-page">
        <h1>{title}</h1>
        <Content user={signedIn.user} />
      </div>
      <ReloginDialog pageUser={signedIn.user} />
    </ShellLayout>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginData, UnitLoginConfig } from '../../../contract/auth';
import { splitBilingual } from '../../../contract/envelope';
import { useServerText } from '../../core/i18n/traditional';
import { useQuery } from '../../core/query/use-query';
import { landingRoot } from '../../core/app-url/landing';
import { detectDevice } from '../../core/device';
import { Footer, openHelpCentre } from '../../features/footer/index';
import { LanguageSwitcher } from '../../features/language/index';
import {
  announceLoginSuccess,
  HostWithoutUnitError,
  LoginBox,
  LoginBrand,
  useLoginCheck,
  type LoginCheckOutcome,
  unitLoginConfigQuery,
} from '../../features/login/index';
import { lazyDialog, lazyWidget } from '../../ui/lazy-part';
import { notify } from '../../ui/notify/notify';
import { goToLanding, likelyLanding } from '../navigation';
import { CheckingSignIn, PageLoading } from '../page-frame';
import { prerenderLandingPage } from './prerender-landing';
import { loadAboutDialog } from '../../features/about/index';
import './login-page.css';

// The face widget (and its tracker) loads only when someone chooses face login.
const FaceWidget = lazyWidget(async () => (await import('../../ui/face/face-widget')).FaceWidget, {
  loading: <PageLoading />,
});
// The about dialog (antd's modal) loads only when 'Version info' is pressed.
const AboutDialog = lazyDialog(async () => (await loadAboutDialog()).AboutDialog);

/** The login page's module (renderer/pages/modules.json): what the about dialog reports on. */
const LOGIN_MODULE = 'base';

/** The landing page shows the '登录成功！' confirmation once more, after the page change. */
function goToLandingAfterLogin(data?: LoginData): void {
  announceLoginSuccess();
  goToLanding(data);
}

/**
 * The unit's login-page configuration for this host (logo, name, footer), and the server's
 * message when the platform has no unit at this address at all.
 */
function useLoginConfig(): { config: UnitLoginConfig | null; noUnit: string | null } {
  const { data, error } = useQuery(unitLoginConfigQuery(window.location.host));
  return {
    config: data ?? null,
    noUnit: error instanceof HostWithoutUnitError ? error.message : null,
  };
}

/**
 * Once the user starts on the form (a key or a pointer pressed), the browser prerenders the page
 * the login will most likely land on: the unit's desktop, or a redirect_uri to a desktop
 * (docs/performance.md, "Prerender via speculation rules"). Not before: a login page left open,
 * or measured, costs no second page.
 */
function usePrerenderLanding(config: UnitLoginConfig | null): void {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return undefined;
    const start = () => {
      setStarted(true);
    };
    const options = { capture: true, once: true } as const;
    document.addEventListener('keydown', start, options);
    document.addEventListener('pointerdown', start, options);
    return () => {
      document.removeEventListener('keydown', start, options);
      document.removeEventListener('pointerdown', start, options);
    };
  }, [started]);
  useEffect(() => {
    if (started) prerenderLandingPage(likelyLanding(config));
  }, [started, config]);
}

/** The button under the login box or the face widget that switches between the two. */
function SwitchButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="login-page__switch" onClick={onClick}>
      {label}
    </button>
  );
}

/**
 * The login page (spec §2 /login): the login check runs first (an existing session or the
 * remembered credentials go straight to the landing page); otherwise the login box shows.
 */
export function LoginView() {
  const { t, i18n } = useTranslation();
  const { config, noUnit } = useLoginConfig();
  const serverText = useServerText();
  usePrerenderLanding(config);
  const outcome = useLoginCheck();
  const handled = useRef<LoginCheckOutcome | null>(null);
  const [faceLogin, setFaceLogin] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const openFaceLogin = () => {
    setFaceLogin(true);
  };
  const closeFaceLogin = () => {
    setFaceLogin(false);
  };
  const leaving =
    outcome?.kind === 'logged-in' ||
    outcome?.kind === 'just-logged-in' ||
    outcome?.kind === 'redirect';

  useEffect(() => {
    if (outcome === null || handled.current === outcome) return;
    handled.current = outcome;
    switch (outcome.kind) {
      case 'just-logged-in':
        notify.success(t('login.success'));
        goToLandingAfterLogin();
        return;
      case 'logged-in':
        goToLanding();
        return;
      case 'redirect':
        window.location.assign(outcome.url);
        return;
      case 'failed':
        notify.error(outcome.message, t('login.failedTitle'));
        return;
      case 'login-required':
        return;
    }
  }, [outcome, t]);

  return (
    <div className="login-page">
      <header className="login-page__top">
        <LoginBrand config={config} />
        <LanguageSwitcher />
      </header>
      <main className="login-page__main">
        {outcome === null || leaving ? (
          <CheckingSignIn />
        ) : faceLogin ? (
          <section className="login-page__face" aria-labelledby="face-login-title">
            <h1 id="face-login-title" className="login-page__face-title">
              {t('faceLogin.title')}
            </h1>
            {/* Spec §7: status 200, then the page reloads and the login check goes on. */}
            <FaceWidget mode="login" onCancel={closeFaceLogin} />
            <SwitchButton label={t('faceLogin.back')} onClick={closeFaceLogin} />
          </section>
        ) : (
          <div className="login-page__box">
            {noUnit !== null && (
              <p className="login-page__no-unit" role="alert">
                {serverText(splitBilingual(noUnit, i18n.language))}
              </p>
            )}
            <LoginBox onLoggedIn={goToLandingAfterLogin} leavesPage />
            <SwitchButton label={t('faceLogin.open')} onClick={openFaceLogin} />
          </div>
        )}
      </main>
      {/* Spec §2 footer: the optional help-centre link and 'version info', as on the desktop. */}
      <Footer
        config={config}
        onVersionInfo={() => {
          setAboutOpen(true);
        }}
        onHelpCentre={() => {
          void openHelpCentre(
            { unitId: config?.unitId ?? '', accessToken: '' },
            detectDevice() !== 'pc',
            {
              signedIn: false,
            },
          );
        }}
      />
      <AboutDialog
        open={aboutOpen}
        root={landingRoot(window.location.pathname)}
        code={LOGIN_MODULE}
        oam={false}
        onClose={() => {
          setAboutOpen(false);
        }}
      />
    </div>
  );
}

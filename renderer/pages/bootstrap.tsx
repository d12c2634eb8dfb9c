import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { configureHttp } from '../core/http/hooks';
import { currentLanguage, i18n } from '../core/i18n/instance';
import { initI18n } from '../core/i18n/init-i18n';
import { readLanguageContext, resolveLanguage } from '../core/i18n/resolve-language';
import { rootFolder } from '../core/i18n/root-folder';
import { CONFIGURED_ROOT, isDev, PH_VERSION } from '../core/env';
import { AppProvider } from '../ui/app-provider/app-provider';
import { notify } from '../ui/notify/notify';
import { builtinZhCN } from './builtin-locale';
import { PageLoading } from './page-frame';
import { PAGE_MODULES, resolvePage, type ResolvedPage } from './page-resolver';
import { useRelogin } from './relogin-store';

// Each page is its own chunk: the login page never downloads the desktop and vice versa.
const LoginPage = lazy(async () => ({ default: (await import('./login/login-page')).LoginPage }));
const DesktopPage = lazy(async () => ({
  default: (await import('./desktop/desktop-page')).DesktopPage,
}));

function pageElement(page: ResolvedPage): ReactNode {
  switch (page.kind) {
    case 'login':
      return <LoginPage initialRoute={page.initialRoute} />;
    case 'bind':
      return <LoginPage initialRoute="/bind/" />;
    case 'desktop':
    case 'area-desktop':
    case 'mobile-desktop':
      return <DesktopPage variant={page.kind} />;
  }
}

/**
 * Starts a page: picks it from the URL path, resolves the language (spec §9) and loads its
 * files, wires the request client to the toasts and the login dialog, then renders.
 */
export async function bootstrap(container: HTMLElement): Promise<void> {
  const page = resolvePage(window.location.pathname);
  const module = PAGE_MODULES[page.kind];

  configureHttp({
    notify: (type, message, title) => {
      notify[type](message, title);
    },
    onReloginRequired: () => {
      if (page.kind !== 'login') useRelogin.getState().require();
    },
    getLanguage: currentLanguage,
    getAppCode: () => module.appCode,
  });

  await initI18n({
    lang: resolveLanguage(readLanguageContext()),
    builtin: builtinZhCN,
    files: {
      phVersion: PH_VERSION,
      root: rootFolder({
        pathname: window.location.pathname,
        configuredRoot: CONFIGURED_ROOT,
        isDev,
        code: module.code,
      }),
      code: module.code,
      appCode: module.appCode,
    },
  });

  createRoot(container).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProvider>
          <Suspense fallback={<PageLoading />}>{pageElement(page)}</Suspense>
        </AppProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { configureHttp } from '../core/http/hooks';
import { currentLanguage, i18n } from '../core/i18n/instance';
import { persistLanguage } from '../core/i18n/change-language';
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

/** Loads a module once; later calls share the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

// Each page is its own chunk: the login page never downloads the desktop and vice versa.
const loadLoginPage = once(() => import('./login/login-page'));
const loadDesktopPage = once(() => import('./desktop/desktop-page'));
const loadMyFilesPage = once(() => import('./my-files/my-files-page'));
const loadMyFacePage = once(() => import('./my-face/my-face-page'));
const LoginPage = lazy(async () => ({ default: (await loadLoginPage()).LoginPage }));
const DesktopPage = lazy(async () => ({ default: (await loadDesktopPage()).DesktopPage }));
const MyFilesPage = lazy(async () => ({ default: (await loadMyFilesPage()).MyFilesPage }));
const MyFacePage = lazy(async () => ({ default: (await loadMyFacePage()).MyFacePage }));

/** Starts downloading the page's chunk while the language loads. */
function prefetchPage(page: ResolvedPage): void {
  const loader =
    page.kind === 'login' || page.kind === 'bind'
      ? loadLoginPage
      : page.kind === 'my-files'
        ? loadMyFilesPage
        : page.kind === 'my-face'
          ? loadMyFacePage
          : loadDesktopPage;
  loader().catch(() => undefined);
}

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
    case 'my-files':
      return <MyFilesPage />;
    case 'my-face':
      return <MyFacePage />;
  }
}

/**
 * Starts a page: picks it from the URL path, resolves the language (spec §9) and loads its
 * files, wires the request client to the toasts and the login dialog, then renders.
 */
export async function bootstrap(container: HTMLElement): Promise<void> {
  const page = resolvePage(window.location.pathname);
  const module = PAGE_MODULES[page.kind];
  prefetchPage(page);

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

  const languageContext = readLanguageContext();
  const lang = resolveLanguage(languageContext);
  // A language named in the address is the user's choice: keep it for the next pages.
  if (languageContext.query) persistLanguage(lang);
  await initI18n({
    lang,
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

import { lazy, Suspense, type ReactNode } from 'react';
import { persistLanguage } from '../core/i18n/change-language';
import { readLanguageContext, resolveLanguage } from '../core/i18n/resolve-language';
import { renderLayer, startLayer } from '../ui/app-provider/start-layer';
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

  const languageContext = readLanguageContext();
  const lang = resolveLanguage(languageContext);
  // A language named in the address is the user's choice: keep it for the next pages.
  if (languageContext.query) persistLanguage(lang);
  await startLayer({
    code: module.code,
    appCode: module.appCode,
    lang,
    builtin: builtinZhCN,
    onReloginRequired: () => {
      if (page.kind !== 'login') useRelogin.getState().require();
    },
  });

  renderLayer(container, <Suspense fallback={<PageLoading />}>{pageElement(page)}</Suspense>);
}

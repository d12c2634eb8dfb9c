// antd's styles for what the login page draws, in the cascade layer 'antd' under the page's own
// rules (scripts/vite/antd-static-styles.ts); the other pages bring the rest with their chunk.
import 'virtual:antd-static/login.css';
import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { persistLanguage, showLanguage } from '../core/i18n/change-language';
import { ownTask } from '../core/own-task';
import { isPrerendering } from '../core/prerender';
import { retakeSessionTheme } from '../core/theme/theme-store';
import { loadAntdLocale } from '../ui/app-provider/antd-locale';
import { enableStaticAntdStyles } from '../ui/app-provider/static-styles';
import { readLanguageContext, resolveLanguage } from '../core/i18n/resolve-language';
import { renderInLayer, renderLayer, startLayer } from '../ui/app-provider/start-layer';
import { forgetFailedLinks, PartBoundary } from '../ui/lazy-part';
import { builtinZhCN } from '../pages/builtin-locale';
import { CheckingSignIn, PageLoadFailed } from '../pages/page-frame';
import { PAGE_MODULES, resolvePage, type ResolvedPage } from '../pages/page-resolver';
import { useRelogin } from '../pages/relogin-store';

/**
 * The page's element, its chunk downloaded first. Each page is its own chunk: the login page
 * never downloads the desktop and vice versa. The chunk is awaited before the first render
 * instead of suspending a lazy component: React holds back a Suspense boundary's content for up
 * to 300 ms after its fallback shows, and that wait would sit between signing in and the desktop.
 */
async function loadPage(page: ResolvedPage): Promise<ReactNode> {
  // The page's modules are evaluated in a task of their own, not in the entry's: on a landing
  // page their files are already fetched (module preloads in its HTML), and the two evaluations
  // would otherwise make one long task (blocking time on a 4x-slowed CPU).
  await ownTask();
  switch (page.kind) {
    case 'login':
    case 'bind': {
      const { LoginPage } = await import('../pages/login/login-page');
      return <LoginPage initialRoute={page.kind === 'bind' ? '/bind/' : page.initialRoute} />;
    }
    case 'desktop':
    case 'area-desktop': {
      const { DesktopPage } = await import('../pages/desktop/desktop-page');
      return <DesktopPage variant={page.kind} />;
    }
    case 'mobile-desktop': {
      const { MobileDesktopPage } = await import('../pages/mobile-desktop/mobile-desktop-page');
      return <MobileDesktopPage />;
    }
    case 'my-files': {
      const { MyFilesPage } = await import('../pages/my-files/my-files-page');
      return <MyFilesPage />;
    }
    case 'my-face': {
      const { MyFacePage } = await import('../pages/my-face/my-face-page');
      return <MyFacePage />;
    }
    case 'change-password': {
      const { ChangePasswordPage } = await import('../pages/change-password/change-password-page');
      return <ChangePasswordPage />;
    }
    case 'authorize': {
      const { AuthorizePage } = await import('../pages/authorize/authorize-page');
      return <AuthorizePage />;
    }
    case 'not-found': {
      const { NotFoundPage } = await import('../pages/not-found/not-found-page');
      return <NotFoundPage />;
    }
  }
}

/**
 * Starts a page: picks it from the URL path, resolves the language (spec §9) and loads its
 * files while the page's chunk downloads, wires the request client to the toasts and the login
 * dialog, then renders once the page is `shown` (at once unless it is prerendered: ./boot.ts).
 * A prerendered page renders the layer's providers around the "checking" state meanwhile; once
 * shown, the session's theme and the language are taken again (the user may have switched it on
 * the login page meanwhile) and the page is rendered under the providers already set up. A chunk
 * that cannot be downloaded shows the network error with Retry, and a page that fails while it
 * renders shows the same in place (ui/lazy-part.tsx): never a blank page.
 */
export async function bootstrap(container: HTMLElement, shown: Promise<void>): Promise<void> {
  enableStaticAntdStyles();
  const page = resolvePage(window.location.pathname);
  const module = PAGE_MODULES[page.kind];

  const languageContext = readLanguageContext();
  const lang = resolveLanguage(languageContext);
  const [element] = await Promise.allSettled([
    loadPage(page),
    // antd's texts arrive with the page's chunk: a later arrival would re-render every antd
    // component on the page (a long task on a slow PC).
    loadAntdLocale(lang),
    startLayer({
      code: module.code,
      appCode: module.appCode,
      lang,
      builtin: builtinZhCN,
      onReloginRequired: () => {
        if (page.kind !== 'login') useRelogin.getState().require();
      },
    }),
  ]);
  const waiting = isPrerendering() ? renderLayer(container, <CheckingSignIn />, true) : null;
  await shown;
  retakeSessionTheme();
  const shownContext = readLanguageContext();
  const shownLang = resolveLanguage(shownContext);
  // A language named in the address is the user's choice: keep it for the next pages.
  if (shownContext.query) persistLanguage(shownLang);
  if (shownLang !== lang) {
    await Promise.allSettled([loadAntdLocale(shownLang), showLanguage(shownLang)]);
  }
  let root: Root | null = waiting;
  const show = (loaded: PromiseSettledResult<ReactNode>) => {
    const node =
      loaded.status === 'fulfilled' ? (
        <PartBoundary>{loaded.value}</PartBoundary>
      ) : (
        <PageLoadFailed error={loaded.reason as unknown} onRetry={retry} />
      );
    if (root === null) root = renderLayer(container, node, true);
    else renderInLayer(root, node, true);
  };
  function retry(): void {
    forgetFailedLinks();
    void Promise.allSettled([loadPage(page)]).then(([again]) => {
      show(again);
    });
  }
  show(element);
}

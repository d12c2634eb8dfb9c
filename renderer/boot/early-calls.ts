import { configureHttp } from '../core/http/hooks';
import { readLanguageContext, resolveLanguage } from '../core/i18n/resolve-language';
import { prefetchCurrentUser } from '../core/session/session-store';
import { checkStartsWithCurrentUser } from '../features/login/index';
import { prefetchMyAppsOnSignIn } from '../features/menu/index';
import { PAGE_MODULES, resolvePage, type PageKind } from '../pages/page-resolver';

/**
 * The pages whose login check runs the moment they open. The login page is left out: its hash
 * routes (forgotten password, binding) do not all run the check.
 */
const CHECKED_AT_OPEN: ReadonlySet<PageKind> = new Set([
  'desktop',
  'area-desktop',
  'mobile-desktop',
  'my-files',
  'my-face',
  'change-password',
  'authorize',
]);

/** The pages that draw the icon list (my_app_icon) first thing: the desktops, the phone's too. */
const DRAWS_ICONS: ReadonlySet<PageKind> = new Set(['desktop', 'area-desktop', 'mobile-desktop']);

/**
 * The page's first calls, started by the boot before React and antd are evaluated, so that the
 * network and that evaluation overlap (docs/performance.md): the login check's current-user
 * call when it is sure to be the check's first (checkStartsWithCurrentUser), and on the desktops
 * the icon list the moment the user is known (by that call or, after a ticket, by the check's).
 * Each goes through the one request client with the page's language and app code; the check and
 * the desktop take the answers when they ask.
 */
export function startEarlyCalls(href: string): void {
  const url = new URL(href);
  const page = resolvePage(url.pathname);
  // However the user becomes known (this call, or the check after a ticket or a callback).
  if (DRAWS_ICONS.has(page.kind)) prefetchMyAppsOnSignIn();
  if (!CHECKED_AT_OPEN.has(page.kind) || !checkStartsWithCurrentUser(url)) return;
  const lang = resolveLanguage(readLanguageContext());
  const { appCode } = PAGE_MODULES[page.kind];
  // The layer's start (bootstrap) configures the same values again, with the toasts.
  configureHttp({ getLanguage: () => lang, getAppCode: () => appCode });
  prefetchCurrentUser();
}

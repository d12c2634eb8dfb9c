import { landingPageOfPath } from '../../contract/web-build';
import { REDIRECT_PATH } from '../core/app-url/landing';

/**
 * Which page a URL path shows (spec §2 routes and landing pages). The platform serves one web
 * build at every landing path; the path picks the page, the hash picks the route inside it.
 */
export type PageKind =
  | 'login'
  | 'desktop'
  | 'area-desktop'
  | 'mobile-desktop'
  | 'bind'
  | 'my-files'
  | 'my-face'
  | 'change-password'
  | 'authorize'
  | 'not-found';

export interface ResolvedPage {
  kind: PageKind;
  /** The hash route to open when the URL has none (paths like /forgetPassword). */
  initialRoute: string | null;
}

const LOGIN_PATH_ROUTES: Record<string, string | null> = {
  '/': null,
  '/index.html': null,
  '/login': '/login',
  '/login/': '/login/',
  '/forgetPassword': '/forgetPassword',
  '/needtologinpagerelogin': '/needtologinpagerelogin',
  '/bind': null,
  '/bind/': '/bind/',
};

const SEGMENT = '[A-Za-z0-9_-]+';

export function resolvePage(pathname: string): ResolvedPage {
  // Spec §2: any path containing authorize is the authorisation page for partner applications.
  if (pathname.includes('authorize')) return { kind: 'authorize', initialRoute: null };
  if (pathname in LOGIN_PATH_ROUTES) {
    return { kind: 'login', initialRoute: LOGIN_PATH_ROUTES[pathname] ?? null };
  }
  const landing = landingPageOfPath(pathname);
  if (landing) return { kind: landing, initialRoute: null };
  // The dev server's landing pages (vite.config.ts).
  if (pathname === '/mobile_desktop_all.html')
    return { kind: 'mobile-desktop', initialRoute: null };
  if (pathname === '/pc_desktop_all.html') return { kind: 'desktop', initialRoute: null };
  if (new RegExp(`^/${SEGMENT}/login/pc_bind_all/index\\.html$`).test(pathname)) {
    return { kind: 'bind', initialRoute: null };
  }
  if (
    pathname === '/pc_myFiles_all.html' ||
    new RegExp(`^/${SEGMENT}/base/pc_myFiles_all/index\\.html$`).test(pathname)
  ) {
    return { kind: 'my-files', initialRoute: null };
  }
  if (
    pathname === '/pc_myFace_all.html' ||
    new RegExp(`^/${SEGMENT}/base/pc_myFace_all/index\\.html$`).test(pathname)
  ) {
    return { kind: 'my-face', initialRoute: null };
  }
  if (
    pathname === '/pc_changePassword_all.html' ||
    new RegExp(`^/${SEGMENT}/base/pc_changePassword_all/index\\.html$`).test(pathname)
  ) {
    return { kind: 'change-password', initialRoute: null };
  }
  // /redirect/{name}: the login page signs the user in, then opens that application.
  if (REDIRECT_PATH.test(pathname)) return { kind: 'login', initialRoute: null };
  // Anything else is no page of the platform: an application page the server refused (not in
  // the user's permitted menu list, spec §2) or one that does not exist. Never a silent redirect.
  return { kind: 'not-found', initialRoute: null };
}

/** The module identity of each page, for its language file (spec §7) and app-code header. */
export const PAGE_MODULES: Record<PageKind, { code: string; appCode: string }> = {
  login: { code: 'base', appCode: 'login' },
  bind: { code: 'base', appCode: 'login' },
  desktop: { code: 'base', appCode: 'desktop' },
  'area-desktop': { code: 'areaBase', appCode: 'areaDesktop' },
  'mobile-desktop': { code: 'base', appCode: 'mobileDesktop' },
  'my-files': { code: 'base', appCode: 'myFiles' },
  'my-face': { code: 'base', appCode: 'myFace' },
  'change-password': { code: 'base', appCode: 'changePassword' },
  // Its texts are in the shared file (features/authorize) and the login module's (the login box).
  authorize: { code: 'base', appCode: 'login' },
  'not-found': { code: 'base', appCode: 'notFound' },
};

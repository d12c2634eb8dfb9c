import type { LandingPageCode } from '../../contract/web-build.ts';

/**
 * The pages a user lands on after signing in, by their module under renderer/ (the desktop page
 * also draws the area desktop). The antd style check holds them to the desktops' set; the
 * login page prefetches their files.
 */
export const LANDING_PAGE_MODULES: Readonly<Record<LandingPageCode, string>> = {
  desktop: 'pages/desktop/desktop-page.tsx',
  'mobile-desktop': 'pages/mobile-desktop/mobile-desktop-page.tsx',
};

/** The login page's module under renderer/: the page everyone starts on. */
export const LOGIN_PAGE_MODULE = 'pages/login/login-page.tsx';

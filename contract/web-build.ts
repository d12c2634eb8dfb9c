/**
 * The built HTML's JSON block that lists, per landing page, the files its code needs beyond the
 * entry's (scripts/vite/page-files.ts writes it; the login page prefetches from it).
 */
export const PAGE_FILES_ELEMENT_ID = 'edudesk-page-files';

/** The landing pages whose files the HTML lists. */
export type LandingPageCode = 'desktop' | 'mobile-desktop';

/** The pages a user lands on after signing in (spec §2); the area desktop is the desktop's code. */
export type LandingPageKind = 'desktop' | 'area-desktop' | 'mobile-desktop';

export const LANDING_PAGE_CODE: Readonly<Record<LandingPageKind, LandingPageCode>> = {
  desktop: 'desktop',
  'area-desktop': 'desktop',
  'mobile-desktop': 'mobile-desktop',
};

const SEGMENT = '[A-Za-z0-9_-]+';
const LANDING_PATHS: readonly (readonly [RegExp, LandingPageKind])[] = [
  [/^\/area\/areaBase\/pc_areaDesktop_all\/index\.html$/, 'area-desktop'],
  [new RegExp(`^/${SEGMENT}/base/mobile_desktop_all/index\\.html$`), 'mobile-desktop'],
  [new RegExp(`^/${SEGMENT}/base/pc_(desktop_all|app_tm)/index\\.html$`), 'desktop'],
];

/**
 * The landing page a production path shows (spec §2 `/{root}/base/pc_desktop_all/index.html` and
 * its kin), for the app (renderer/pages/page-resolver.ts) and the server, which sends such a path
 * the HTML that links the page's files (LANDING_PAGE_HTML).
 */
export function landingPageOfPath(pathname: string): LandingPageKind | undefined {
  return LANDING_PATHS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * Where the build writes each landing page's HTML: the app's index.html with the page's scripts
 * and styles linked in its head (scripts/vite/page-files.ts), so the browser fetches them while
 * it parses the page instead of after the entry script has run.
 */
export const LANDING_PAGE_HTML: Readonly<Record<LandingPageCode, string>> = {
  desktop: 'landing/desktop.html',
  'mobile-desktop': 'landing/mobile-desktop.html',
};

/**
 * The text files of the web build that the build also stores compressed beside themselves
 * (`name.br`, `name.gz`; scripts/vite/precompress.ts), with the media type the server sends them
 * as, compressed or not (server/web/static-routes.ts). Everything else goes out as it is.
 */
export const PRECOMPRESSED_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  // PH's type declarations for application developers (docs/ph.md).
  '.ts': 'text/plain; charset=utf-8',
};

/** The compressed copies, in the server's order of preference, and the suffix of each file. */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number]['encoding'];

/**
 * The Element Timing name (the `elementtiming` attribute) of every application icon's name: the
 * first of them painted is when the user first saw an application. The bench's sign-in
 * measurement reads it, on the app's desktop and on its bare floor alike.
 */
export const APP_ICON_TIMING = 'app-icon';

/**
 * The built HTML's JSON block that lists, per landing page, the files its code needs beyond the
 * entry's (scripts/vite/page-files.ts writes it; the login page prefetches from it).
 */
export const PAGE_FILES_ELEMENT_ID = 'edudesk-page-files';

/** The landing pages whose files the HTML lists. */
export type LandingPageCode = 'desktop' | 'mobile-desktop';

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

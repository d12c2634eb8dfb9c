import { LANDING_PAGE_CODE, LANDING_PAGE_HTML, landingPageOfPath } from '../../contract/web-build';

/**
 * Which file of the web build answers a browser path. Pure: no file system, so the rules (and the
 * refusal of path tricks) are tested on their own.
 */
export type WebTarget =
  /** The single-page app's index.html. */
  | { kind: 'spa' }
  /**
   * A landing or application page (spec §2): its own file when the build has one, else, for
   * the pages a user lands on after signing in, the build's HTML that links that page's files,
   * else the app's index.html.
   */
  | { kind: 'landing'; file: string; pageHtml: string | undefined }
  /** A module language file (spec §7), emitted by the build under modules/{code}/lang/. */
  | { kind: 'module-lang'; file: string; fallback: string }
  /**
   * Any other path containing authorize (spec §2): the authorisation page, unless the build has
   * a file there (a script named after the page, say).
   */
  | { kind: 'authorize'; file: string }
  | { kind: 'file'; file: string }
  | { kind: 'invalid' };

/** Paths of the app's own screens (spec §2 routes) that answer index.html. */
export const SPA_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/index.html',
  '/login',
  '/login/',
  '/forgetPassword',
  '/needtologinpagerelogin',
  '/bind',
  '/bind/',
]);

/** Spec §2: the authorisation page for partner applications is any path containing this. */
const AUTHORIZE = 'authorize';

/** One path segment: no leading dot (so no '.', '..' or dotfiles), no separators or escapes. */
const SEGMENT = /^[A-Za-z0-9_~@+-][A-Za-z0-9._~@+-]*$/;
const NAME = /^[A-Za-z0-9_-]+$/;
const LANDING_PAGE = /^(pc|mobile)_[A-Za-z0-9]+_[A-Za-z0-9]+$/;
const LANG_FILE = /^[A-Za-z-]+-[A-Za-z0-9]+\.json$/;
const MAX_PATH_LENGTH = 1024;

function decodeSegments(path: string): string[] | undefined {
  if (!path.startsWith('/') || path.length > MAX_PATH_LENGTH) return undefined;
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    // Checked after decoding, so '%2e%2e' and '%2f' are refused like '..' and '/'.
    if (!SEGMENT.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

/** Classifies a URL path (without its query string, still percent-encoded). */
export function classifyWebPath(path: string): WebTarget {
  if (SPA_PATHS.has(path)) return { kind: 'spa' };
  // A folder's address ends with a slash: only the authorisation page has such addresses.
  const folder = path.length > 1 && path.endsWith('/');
  const segments = decodeSegments(folder ? path.slice(0, -1) : path);
  if (!segments) return { kind: 'invalid' };
  const file = segments.join('/');
  if (segments.length === 4) {
    const [root = '', code = '', third = '', last = ''] = segments;
    // Any root folder (spec §7: the first segment of the current page's path) maps to the one
    // copy the build emits per module: the authorisation page at /authorize/ reads them too.
    if (!folder && NAME.test(root) && NAME.test(code) && third === 'lang' && LANG_FILE.test(last)) {
      return { kind: 'module-lang', file: `modules/${code}/lang/${last}`, fallback: file };
    }
  }
  // The same test as the app's (renderer/pages/page-resolver.ts), on the path as the browser has it.
  if (path.includes(AUTHORIZE)) return { kind: 'authorize', file };
  if (folder) return { kind: 'invalid' };
  // /redirect/{name} (spec §2): the app logs the user in, then opens that application.
  if (segments.length === 2 && segments[0] === 'redirect' && NAME.test(segments[1] ?? '')) {
    return { kind: 'spa' };
  }
  if (segments.length === 4) {
    const [root = '', code = '', third = '', last = ''] = segments;
    if (NAME.test(root) && NAME.test(code) && LANDING_PAGE.test(third) && last === 'index.html') {
      const page = landingPageOfPath(`/${file}`);
      return {
        kind: 'landing',
        file,
        pageHtml: page && LANDING_PAGE_HTML[LANDING_PAGE_CODE[page]],
      };
    }
  }
  return { kind: 'file', file };
}

/** Hashed build output never changes under the same name; everything else is revalidated. */
export function cacheControlFor(file: string): string {
  return file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

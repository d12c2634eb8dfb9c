import { PAGE_FILES_ELEMENT_ID, type LandingPageCode } from '../../../contract/web-build';

/** A built file of this origin: a path of the build's assets ('//…' names another host). */
const BUILT_FILE = /^\/(?!\/)[\w\-./]+\.(js|css)$/;

/** The files the built HTML lists for a landing page (scripts/vite/page-files.ts); [] without. */
export function landingPageFiles(page: LandingPageCode, doc: Document = document): string[] {
  const text = doc.getElementById(PAGE_FILES_ELEMENT_ID)?.textContent ?? '';
  let lists: unknown;
  try {
    lists = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof lists !== 'object' || lists === null) return [];
  const files: unknown = (lists as Record<string, unknown>)[page];
  if (!Array.isArray(files)) return [];
  return files.filter(
    (file): file is string =>
      typeof file === 'string' && BUILT_FILE.test(file) && !file.includes('..'),
  );
}

const prefetched = new Set<string>();

/**
 * Links added per idle period. Each starts a fetch on the main thread: the desktop's thirty in
 * one go made a task of about 80 ms on a 4×-slowed CPU.
 */
const LINKS_PER_IDLE = 8;

/**
 * Asks the browser to fetch a landing page's code into its cache, at low priority and without
 * running it, skipping what this page already loaded, a few files each time the browser is idle.
 * The login page does this while the user types: the desktop after sign-in then finds its code
 * in the cache, and its first calls do not wait behind forty module downloads on the browser's
 * six connections. Returns a cancel for the files not yet asked for.
 */
export function prefetchLandingPage(page: LandingPageCode, doc: Document = document): () => void {
  let files: string[] = [];
  const addFrom = (first: number): void => {
    for (const file of files.slice(first, first + LINKS_PER_IDLE)) addPrefetch(file, doc);
    const next = first + LINKS_PER_IDLE;
    if (next < files.length) {
      cancel = whenIdle(() => {
        addFrom(next);
      });
    }
  };
  let cancel = whenIdle(() => {
    files = filesToPrefetch(page, doc);
    addFrom(0);
  });
  return () => {
    cancel();
  };
}

/** The landing page's files this page has neither loaded nor asked for yet. */
function filesToPrefetch(page: LandingPageCode, doc: Document): string[] {
  const loaded = new Set(
    typeof performance.getEntriesByType === 'function'
      ? performance.getEntriesByType('resource').map((entry) => entry.name)
      : [],
  );
  return landingPageFiles(page, doc).filter((file) => {
    const href = new URL(file, doc.baseURI).href;
    if (prefetched.has(href) || loaded.has(href)) return false;
    prefetched.add(href);
    return true;
  });
}

function addPrefetch(file: string, doc: Document): void {
  const link = doc.createElement('link');
  link.rel = 'prefetch';
  link.href = file;
  if (file.endsWith('.css')) {
    link.as = 'style';
  } else {
    link.as = 'script';
    // Module scripts are fetched in CORS mode (the build's tags say crossorigin): the same
    // mode here, so the cached answer is the one the module load asks for.
    link.crossOrigin = 'anonymous';
  }
  doc.head.append(link);
}

/** Runs `task` when the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => {
      window.cancelIdleCallback(id);
    };
  }
  const id = window.setTimeout(task, 200);
  return () => {
    window.clearTimeout(id);
  };
}

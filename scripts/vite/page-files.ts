import path from 'node:path';
import type { Plugin } from 'vite';
import {
  LANDING_PAGE_HTML,
  PAGE_FILES_ELEMENT_ID,
  type LandingPageCode,
} from '../../contract/web-build.ts';
import { LANDING_PAGE_MODULES, LOGIN_PAGE_MODULE } from './landing-pages.ts';

/** The part of an output chunk this plugin reads. */
export interface PageFilesChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  viteMetadata?: { importedCss: ReadonlySet<string> };
}

export type PageFilesBundle = Record<string, PageFilesChunk | { type: 'asset'; fileName: string }>;

/** A chunk's file, the files of its static imports (transitively) and their styles. */
function closure(bundle: PageFilesBundle, fileName: string, into: Set<string>): void {
  if (into.has(fileName)) return;
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk') return;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) closure(bundle, imported, into);
}

/**
 * The files the entry loads before any page, in order: its own (static closure), then those of
 * its boot stages (the entry's dynamic imports, main.tsx), which the HTML links too.
 */
function bootFiles(bundle: PageFilesBundle): { entry: Set<string>; stages: string[] } {
  const entries = Object.values(bundle).filter(
    (output): output is PageFilesChunk => output.type === 'chunk' && output.isEntry,
  );
  const entry = new Set<string>();
  for (const chunk of entries) closure(bundle, chunk.fileName, entry);
  const all = new Set(entry);
  for (const chunk of entries) {
    for (const stage of chunk.dynamicImports) closure(bundle, stage, all);
  }
  return { entry, stages: [...all].filter((file) => !entry.has(file)) };
}

/**
 * The files of the entry's boot stages (see bootFiles) as URL paths under `base`: linked from
 * the HTML's head, so they download while it is parsed, not one stage after another.
 */
export function bootStageFiles(bundle: PageFilesBundle, base = '/'): string[] {
  return bootFiles(bundle).stages.map((file) => `${base}${file}`);
}

/**
 * The files each page's chunk needs beyond what the entry and its boot stages already loaded, as
 * URL paths under `base`, keyed by page name. `pages` maps a page name to its module's absolute
 * path (the chunk whose facade it is: the page's dynamic import).
 */
export function pageFiles(
  bundle: PageFilesBundle,
  pages: Readonly<Record<string, string>>,
  base = '/',
): Record<string, string[]> {
  const { entry, stages } = bootFiles(bundle);
  const loaded = new Set([...entry, ...stages]);
  const lists: Record<string, string[]> = {};
  for (const [page, modulePath] of Object.entries(pages)) {
    const files = new Set<string>();
    closure(bundle, pageChunk(bundle, page, modulePath).fileName, files);
    lists[page] = [...files].filter((file) => !loaded.has(file)).map((file) => `${base}${file}`);
  }
  return lists;
}

/** The chunk whose facade is a page's module (the page's dynamic import). */
function pageChunk(bundle: PageFilesBundle, page: string, modulePath: string): PageFilesChunk {
  const chunk = Object.values(bundle).find(
    (candidate): candidate is PageFilesChunk =>
      candidate.type === 'chunk' &&
      candidate.facadeModuleId !== null &&
      path.normalize(candidate.facadeModuleId) === path.normalize(modulePath),
  );
  if (!chunk) throw new Error(`page-files: no chunk for ${page} (${modulePath})`);
  return chunk;
}

/**
 * The scripts some page runs as it starts (file names): the entry's, its boot stages' and those
 * of the given pages' chunks, each with its static imports.
 */
export function startScripts(
  bundle: PageFilesBundle,
  pages: Readonly<Record<string, string>>,
): Set<string> {
  const { entry, stages } = bootFiles(bundle);
  const files = new Set([...entry, ...stages]);
  for (const [page, modulePath] of Object.entries(pages)) {
    closure(bundle, pageChunk(bundle, page, modulePath).fileName, files);
  }
  return new Set([...files].filter((file) => bundle[file]?.type === 'chunk'));
}

/**
 * V8's explicit compile hint (Chrome and Edge 136+; a comment to other engines): the functions of
 * a script carrying it are compiled while the script downloads, on the thread that streams it,
 * instead of one by one on the main thread the first time each runs.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const escapeAttribute = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * A landing page's HTML: the app's, with the page's files linked at the end of its head (its
 * styles as stylesheets, its scripts as module preloads), so the browser fetches and compiles
 * them while it parses the page. Vite's loader finds the links there and adds none of its own.
 */
export function landingPageHtml(html: string, files: readonly string[]): string {
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('page-files: the built HTML has no </head>');
  const links = files.map((file) => `${linkTag(file)}\n  `).join('');
  return `${html.slice(0, at)}${links}${html.slice(at)}`;
}

/** A file's link: a stylesheet, or a module preload for a script (both in CORS mode). */
function linkAttributes(file: string): { rel: string; crossorigin: true; href: string } {
  return {
    rel: file.endsWith('.css') ? 'stylesheet' : 'modulepreload',
    crossorigin: true,
    href: file,
  };
}

function linkTag(file: string): string {
  const { rel, href } = linkAttributes(file);
  return `<link rel="${rel}" crossorigin href="${escapeAttribute(href)}">`;
}

/**
 * Writes into the built HTML, as a JSON block (data, never run), the files of the pages a user
 * lands on after signing in. The login page prefetches them while the user types, so the desktop
 * after sign-in finds its code in the cache: its first calls do not queue behind forty module
 * downloads on the browser's six connections. And writes each landing
 * page's own HTML (LANDING_PAGE_HTML, sent by the server at the page's paths) with those files
 * linked: a desktop opened directly, or reloaded, fetches them while its HTML is parsed.
 */
export function pageFilesPlugin({ rendererDir }: { rendererDir: string }): Plugin {
  const pages = Object.fromEntries(
    Object.entries(LANDING_PAGE_MODULES).map(([page, file]) => [
      page,
      path.join(rendererDir, file),
    ]),
  );
  const startingPages = { ...pages, login: path.join(rendererDir, LOGIN_PAGE_MODULE) };
  let base = '/';
  /** The lists written into index.html, for the landing pages' own HTML after it. */
  let lists: Record<string, string[]> = {};
  return {
    name: 'edudesk-page-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        lists = pageFiles(context.bundle, pages, base);
        return {
          html,
          tags: [
            // The boot stages' files, after the entry's own (which Vite links).
            ...bootStageFiles(context.bundle, base).map((file) => ({
              tag: 'link',
              attrs: linkAttributes(file),
              injectTo: 'head' as const,
            })),
            {
              tag: 'script',
              attrs: { type: 'application/json', id: PAGE_FILES_ELEMENT_ID },
              // File names are hashes and paths; '<' is escaped all the same.
              children: JSON.stringify(lists).replaceAll('<', '\\u003c'),
              injectTo: 'head',
            },
          ],
        };
      },
    },
    // After Vite's HTML plugin has written index.html into the bundle.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // The scripts the pages run as they start are compiled while they download: on a desktop
        // shown after sign-in, 45-55 ms of lazy compilation left the main thread.
        // Before the precompression (closeBundle) and after the names' hashes: a fixed prefix.
        for (const file of startScripts(bundle, startingPages)) {
          const script = bundle[file];
          if (script?.type === 'chunk' && !script.code.startsWith(COMPILE_HINT)) {
            script.code = `${COMPILE_HINT}${script.code}`;
          }
        }
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        for (const [page, fileName] of Object.entries(LANDING_PAGE_HTML)) {
          this.emitFile({
            type: 'asset',
            fileName,
            source: landingPageHtml(String(index.source), lists[page as LandingPageCode] ?? []),
          });
        }
      },
    },
  };
}

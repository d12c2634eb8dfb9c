import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';
import { deepMerge, isJsonObject, type JsonObject } from '../../contract/deep-merge.ts';

/**
 * Emits the language files of spec §7 from the renderer's locale folders:
 * - the shared file `common/plugins/common-ph/{version}/lang/{lang}-ph.json`: every
 *   `renderer/**\/locales/{lang}.json` outside `renderer/pages/`, deep-merged;
 * - one module file per page module `modules/{code}/lang/{lang}-{appCode}.json` from
 *   `renderer/pages/{folder}/locales/{lang}.json`; the server answers
 *   `/{root}/{code}/lang/{lang}-{appCode}.json` from it for any root folder.
 * zh-CN is built into the bundle (see renderer/pages/builtin-locale.ts), so only the other
 * languages are emitted. The dev server answers the same URLs from the sources.
 */

export const REMOTE_LANGUAGES = ['en', 'zh-HK'] as const;

/** Page folders under renderer/pages and their module identity (spec §2 paths). */
export interface PageModule {
  folder: string;
  code: string;
  appCode: string;
}

type Dictionary = JsonObject;

function findLocaleFiles(dir: string, lang: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findLocaleFiles(path, lang, found);
    else if (entry.name === `${lang}.json` && dir.endsWith(`${sep}locales`)) found.push(path);
  }
  return found.sort();
}

function readJson(path: string): Dictionary {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isJsonObject(parsed)) throw new Error(`${path}: a locale file must hold an object`);
  return parsed;
}

export function readPageModules(rendererDir: string): PageModule[] {
  const parsed: unknown = JSON.parse(readFileSync(join(rendererDir, 'pages/modules.json'), 'utf8'));
  if (!Array.isArray(parsed)) throw new Error('renderer/pages/modules.json must hold a list');
  return parsed as PageModule[];
}

/** The shared dictionary of one language: every locale outside renderer/pages, merged. */
export function sharedDictionary(rendererDir: string, lang: string): Dictionary {
  const pagesDir = join(rendererDir, 'pages');
  return findLocaleFiles(rendererDir, lang)
    .filter((path) => !path.startsWith(pagesDir + sep))
    .reduce<Dictionary>((merged, path) => deepMerge(merged, readJson(path)), {});
}

export function moduleDictionary(
  rendererDir: string,
  module: PageModule,
  lang: string,
): Dictionary {
  const path = join(rendererDir, 'pages', module.folder, 'locales', `${lang}.json`);
  return existsSync(path) ? readJson(path) : {};
}

/** Every emitted file: its path inside the build and its content. */
export function languageFiles(rendererDir: string, phVersion: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const lang of REMOTE_LANGUAGES) {
    files.set(
      `common/plugins/common-ph/${phVersion}/lang/${lang}-ph.json`,
      JSON.stringify(sharedDictionary(rendererDir, lang)),
    );
    for (const module of readPageModules(rendererDir)) {
      files.set(
        `modules/${module.code}/lang/${lang}-${module.appCode}.json`,
        JSON.stringify(moduleDictionary(rendererDir, module, lang)),
      );
    }
  }
  return files;
}

/** Maps a request URL of the dev server to an emitted file name, or null. */
function devFileName(url: string, phVersion: string): string | null {
  const path = url.split('?')[0] ?? '';
  const shared = `/common/plugins/common-ph/${phVersion}/lang/`;
  if (path.startsWith(shared)) return path.slice(1);
  const match = /^\/[A-Za-z0-9_-]+\/([A-Za-z0-9_-]+)\/lang\/([A-Za-z-]+-[A-Za-z0-9]+\.json)$/.exec(
    path,
  );
  return match ? `modules/${match[1] ?? ''}/lang/${match[2] ?? ''}` : null;
}

export function langFilesPlugin(options: { rendererDir: string; phVersion: string }): Plugin {
  const { rendererDir, phVersion } = options;
  return {
    name: 'edudesk-lang-files',
    generateBundle() {
      for (const [fileName, source] of languageFiles(rendererDir, phVersion)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = devFileName(req.url ?? '', phVersion);
        const source = name === null ? undefined : languageFiles(rendererDir, phVersion).get(name);
        if (source === undefined) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(source);
      });
    },
  };
}

import { moduleLanguageFilePath, sharedLanguageFilePath } from '../../../contract/api-paths';
import { DEFAULT_LANGUAGE, type LangType } from '../../../contract/languages';
import { http } from '../http/http';
import { I18N_NAMESPACE, i18n, type Dictionary } from './instance';

/** Where a page's language files live (spec §7 language files). */
export interface LanguageFileContext {
  /** The shared layer's version (env PH_VERSION). */
  phVersion: string;
  /** The root folder (see rootFolder). */
  root: string;
  /** The module code. */
  code: string;
  appCode: string;
  /** Skip the shared file. */
  skipShared?: boolean;
}

export interface LoadLanguageFilesOptions extends LanguageFileContext {
  lang: LangType;
  /** A dictionary supplied by the caller: used instead of any request. */
  dictionary?: Dictionary;
  /** Fetches one JSON file; defaults to the core client without interceptor, with caching. */
  fetchJson?: (url: string) => Promise<unknown>;
}

export interface LanguageFilesResult {
  /** The URLs whose dictionaries were merged. */
  loaded: string[];
  /** The URLs that failed (ignored, spec §8). */
  failed: string[];
}

function isDictionary(value: unknown): value is Dictionary {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fetchLanguageFile(url: string): Promise<unknown> {
  return http.getRaw(url, { noIntercept: true, cache: true });
}

export function mergeDictionary(lang: LangType, dictionary: Dictionary): void {
  i18n.addResourceBundle(lang, I18N_NAMESPACE, dictionary, true, true);
}

/** The language-file URLs of a language, shared first so the module's own texts win. */
export function languageFileUrls(lang: LangType, context: LanguageFileContext): string[] {
  const urls: string[] = [];
  if (context.skipShared !== true) urls.push(sharedLanguageFilePath(context.phVersion, lang));
  // Without a module code and app code there is no module file to ask for.
  if (context.code !== '' && context.appCode !== '') {
    urls.push(moduleLanguageFilePath(context.root, context.code, lang, context.appCode));
  }
  return urls;
}

/**
 * Loads a language's files and merges them into its dictionary (spec §7): zh-CN is built in and
 * makes no request, a supplied dictionary is used without a request, otherwise up to two GETs.
 * Always resolves: a file that fails to load is skipped silently (spec §8).
 */
export async function loadLanguageFiles(
  options: LoadLanguageFilesOptions,
): Promise<LanguageFilesResult> {
  const result: LanguageFilesResult = { loaded: [], failed: [] };
  if (options.dictionary) {
    mergeDictionary(options.lang, options.dictionary);
    return result;
  }
  if (options.lang === DEFAULT_LANGUAGE) return result;
  const fetchJson = options.fetchJson ?? fetchLanguageFile;
  const urls = languageFileUrls(options.lang, options);
  const answers = await Promise.allSettled(urls.map((url) => fetchJson(url)));
  answers.forEach((answer, index) => {
    const url = urls[index] ?? '';
    if (answer.status === 'fulfilled' && isDictionary(answer.value)) {
      mergeDictionary(options.lang, answer.value);
      result.loaded.push(url);
    } else {
      result.failed.push(url);
    }
  });
  return result;
}

let configuredContext: LanguageFileContext | null = null;

/** Remembers where this page's language files live, for later language changes. */
export function configureLanguageFiles(context: LanguageFileContext | null): void {
  configuredContext = context;
}

export function languageFileContext(): LanguageFileContext | null {
  return configuredContext;
}

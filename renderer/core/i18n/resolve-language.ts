import { DEFAULT_LANGUAGE, LANGUAGES, type LangType } from '../../../contract/languages';
import { LOCAL_KEYS, readLocal } from '../storage-keys';

/** The query parameters naming the language; `lang` first, `language` also accepted. */
export const LANGUAGE_QUERY_PARAMS = ['lang', 'language'] as const;

/** Everything the language may come from, highest priority first (spec §9). */
export interface LanguageContext {
  /** The language query parameter. */
  query?: string | null;
  /** The language the caller asks for (e.g. PH.init's argument). */
  arg?: string | null;
  /** The stored chosen language (local `lange_`). */
  storedChosen?: string | null;
  /** The stored language id (local `lang`). */
  storedLang?: string | null;
}

/** A language code as people write it ('EN', 'zh_hk') mapped to ours, or null. */
export function normaliseLanguage(value: string | null | undefined): LangType | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().replace('_', '-').toLowerCase();
  return LANGUAGES.find((lang) => lang.toLowerCase() === wanted) ?? null;
}

/**
 * Spec §9: the language query parameter, then the argument, then the stored lange_, then the
 * stored lang id, then zh-CN. A value that is not one of our languages is skipped.
 */
export function resolveLanguage(context: LanguageContext): LangType {
  const candidates = [context.query, context.arg, context.storedChosen, context.storedLang];
  for (const candidate of candidates) {
    const lang = normaliseLanguage(candidate);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

type StoredLanguageKey = typeof LOCAL_KEYS.chosenLanguage | typeof LOCAL_KEYS.lang;

/** Gathers the language sources of the current page. */
export function readLanguageContext(
  location: Pick<Location, 'search'> = window.location,
  readStored: (key: StoredLanguageKey) => string | null = readLocal,
  arg: string | null = null,
): LanguageContext {
  const query = new URLSearchParams(location.search);
  const fromQuery = LANGUAGE_QUERY_PARAMS.map((name) => query.get(name)).find(
    (value) => normaliseLanguage(value) !== null,
  );
  return {
    query: fromQuery ?? null,
    arg,
    storedChosen: readStored(LOCAL_KEYS.chosenLanguage),
    storedLang: readStored(LOCAL_KEYS.lang),
  };
}

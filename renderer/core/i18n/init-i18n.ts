import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, type LangType } from '../../../contract/languages';
import { i18n, type Dictionary } from './instance';
import {
  configureLanguageFiles,
  languageFileContext,
  loadLanguageFiles,
  mergeDictionary,
  type LanguageFileContext,
} from './load-language-files';

export interface InitI18nOptions {
  /** The resolved language (see resolveLanguage). */
  lang: LangType;
  /** The built-in zh-CN dictionary (every folder's zh-CN locale, merged at build time). */
  builtin: Dictionary;
  /** Other languages to bundle rather than load (optional). */
  bundled?: Partial<Record<LangType, Dictionary>>;
  /** Where this page's language files live; without it nothing is requested. */
  files?: LanguageFileContext;
}

/**
 * Sets up the page's i18next instance: zh-CN built in, the language's files loaded and merged
 * (loading finishes even when a request fails), then the language switched. Returns the instance.
 */
export async function initI18n(options: InitI18nOptions): Promise<I18n> {
  mergeDictionary(DEFAULT_LANGUAGE, options.builtin);
  for (const [lang, dictionary] of Object.entries(options.bundled ?? {})) {
    mergeDictionary(lang as LangType, dictionary);
  }
  if (options.files) configureLanguageFiles(options.files);
  const files = languageFileContext();
  if (files) await loadLanguageFiles({ ...files, lang: options.lang });
  await i18n.changeLanguage(options.lang);
  return i18n;
}

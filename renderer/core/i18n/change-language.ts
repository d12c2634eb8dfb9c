import type { LangType } from '../../../contract/languages';
import { LOCAL_KEYS, SESSION_KEYS, writeLocal, writeSession } from '../storage-keys';
import { i18n } from './instance';
import {
  languageFileContext,
  loadLanguageFiles,
  type LanguageFileContext,
} from './load-language-files';
import { TRADITIONAL_LANGUAGE, waitForTraditional } from './traditional';

/** Stores a chosen language where the resolution order of spec §9 finds it next time. */
export function persistLanguage(lang: LangType): void {
  writeLocal(LOCAL_KEYS.chosenLanguage, lang);
  writeLocal(LOCAL_KEYS.lang, lang);
  writeSession(SESSION_KEYS.myLanguage, lang);
  writeSession(SESSION_KEYS.langType, lang);
}

/**
 * Shows the page in another language without a reload: loads the language's files (those of
 * `files`, by default the page's configured ones) and re-renders through i18next.
 */
export async function showLanguage(
  lang: LangType,
  files: LanguageFileContext | null = languageFileContext(),
): Promise<void> {
  await Promise.all([
    files ? loadLanguageFiles({ ...files, lang }) : undefined,
    // Server texts switch to Traditional characters with the page's own (traditional.ts).
    lang === TRADITIONAL_LANGUAGE ? waitForTraditional() : undefined,
  ]);
  await i18n.changeLanguage(lang);
}

/** Switches the page's language without a reload and stores the choice (showLanguage). */
export async function changeLanguage(
  lang: LangType,
  files: LanguageFileContext | null = languageFileContext(),
): Promise<void> {
  persistLanguage(lang);
  await showLanguage(lang, files);
}

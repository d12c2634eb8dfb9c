/** The languages of the product (spec §3 language list, §9). zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
export type LangType = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LangType = 'zh-CN';

export function isLangType(value: unknown): value is LangType {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A language list entry (spec §3): value and display name. */
export interface LanguageOption {
  value: LangType;
  name: string;
}

/** Each language's own name, as shown in a language picker. */
export const LANGUAGE_NAMES: Record<LangType, string> = {
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
  en: 'English',
};

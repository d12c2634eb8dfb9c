import { LANGUAGE_NAMES, type LangType, type LanguageOption } from '../../../contract/languages';
import { normaliseLanguage } from './resolve-language';

/** The error of a language list that is not an array (spec §5, §8; exact text). */
export const LANGUAGE_LIST_ERROR = '数据类型错误，语言列表必须是数组！';

/** The default language list (spec §3): zh-CN and en. */
export const DEFAULT_LANGUAGE_LIST: readonly LanguageOption[] = [
  { value: 'zh-CN', name: LANGUAGE_NAMES['zh-CN'] },
  { value: 'en', name: LANGUAGE_NAMES.en },
];

function toOption(item: unknown): LanguageOption | null {
  if (typeof item === 'string') {
    const value = normaliseLanguage(item);
    return value ? { value, name: LANGUAGE_NAMES[value] } : null;
  }
  if (typeof item !== 'object' || item === null) return null;
  const { value, name } = item as Record<string, unknown>;
  const lang: LangType | null = normaliseLanguage(typeof value === 'string' ? value : null);
  if (!lang) return null;
  return {
    value: lang,
    name: typeof name === 'string' && name !== '' ? name : LANGUAGE_NAMES[lang],
  };
}

/**
 * Checks a configured language list (PH.init langList). Throws LANGUAGE_LIST_ERROR when it is
 * not an array; entries that are not one of our languages are dropped, duplicates kept once.
 */
export function validateLanguageList(list: unknown): LanguageOption[] {
  if (!Array.isArray(list)) throw new Error(LANGUAGE_LIST_ERROR);
  const options: LanguageOption[] = [];
  for (const item of list as unknown[]) {
    const option = toOption(item);
    if (option && !options.some((known) => known.value === option.value)) options.push(option);
  }
  return options;
}

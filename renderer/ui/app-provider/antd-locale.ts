import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { LangType } from '../../../contract/languages';

/**
 * antd's own texts (dialog buttons, pagination, tables) per language, loaded on demand: only one
 * language is ever needed at a time. en_US is antd's built-in default, already in every bundle.
 */
const LOADERS: Record<LangType, () => Promise<Locale>> = {
  'zh-CN': async () => (await import('antd/es/locale/zh_CN')).default,
  'zh-HK': async () => (await import('antd/es/locale/zh_HK')).default,
  en: () => Promise.resolve(enUS),
};

const loaded = new Map<LangType, Locale>([['en', enUS]]);

/** The language's antd texts once loaded (see loadAntdLocale), else undefined. */
export function loadedAntdLocale(lang: LangType): Locale | undefined {
  return loaded.get(lang);
}

/** Loads the language's antd texts, once; later calls share the result. */
export async function loadAntdLocale(lang: LangType): Promise<Locale> {
  const known = loaded.get(lang);
  if (known) return known;
  const locale = await LOADERS[lang]();
  loaded.set(lang, locale);
  return locale;
}

/**
 * What antd gets before a language's texts arrive. Never undefined: antd's ConfigProvider wraps
 * its children in a locale provider only when given a locale, so a locale appearing later would
 * change the tree above the page and remount it (its effects, and their requests, run again).
 */
export const FALLBACK_ANTD_LOCALE: Locale = enUS;

import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, type LangType } from '../../contract/languages';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import zhHK from '../locales/zh-HK.json';

/**
 * The main process's own texts (the bundled pages, dialogs, the menu) through i18next, in the
 * three languages of the product. Values are plain text: the bundled pages escape them
 * (local-pages.ts), native dialogs and menus show them as text.
 */
export type MainTranslate = TFunction;

export function createMainI18n(lang: LangType): MainTranslate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    resources: {
      'zh-CN': { translation: zhCN },
      'zh-HK': { translation: zhHK },
      en: { translation: en },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t.bind(instance);
}

/**
 * The language of the client's own texts from the OS's preferred languages (Electron's
 * app.getPreferredSystemLanguages(): 'zh-Hans-CN', 'zh-Hant-HK', 'en-US', ...): traditional
 * Chinese (zh-Hant, HK, TW, MO) → zh-HK, other Chinese → zh-CN, English → en; else zh-CN.
 */
export function pickLanguage(preferred: readonly string[]): LangType {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) {
      return /hant|-hk|-tw|-mo/.test(lower) ? 'zh-HK' : 'zh-CN';
    }
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

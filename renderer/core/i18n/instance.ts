import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLangType, type LangType } from '../../../contract/languages';
import coreEn from '../locales/en.json';
import coreZhCn from '../locales/zh-CN.json';
import coreZhHk from '../locales/zh-HK.json';

/** A translation dictionary: nested objects of strings (the shape of every locale file). */
export type Dictionary = Record<string, unknown>;

export const I18N_NAMESPACE = 'translation';

/**
 * The one i18next instance of the page. It is initialised synchronously when first imported,
 * with the core's own texts in all three languages, so that the request client can show its
 * messages (e.g. 'Network error' when the server is down and no language file can load) before
 * and independently of `initI18n`.
 */
export const i18n: I18n = createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { [I18N_NAMESPACE]: coreZhCn },
    'zh-HK': { [I18N_NAMESPACE]: coreZhHk },
    en: { [I18N_NAMESPACE]: coreEn },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // Only the exact codes exist; never look for a bare 'zh' bundle.
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** The active language, always one of the product's languages. */
export function currentLanguage(): LangType {
  const language = i18n.language;
  return isLangType(language) ? language : DEFAULT_LANGUAGE;
}

/** Keeps the document's language in step (screen readers, hyphenation, fonts). */
function setDocumentLanguage(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

i18n.on('languageChanged', setDocumentLanguage);

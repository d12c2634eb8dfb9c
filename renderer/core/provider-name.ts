import { splitBilingual } from '../../contract/envelope';
import { SOCIAL_PROVIDER_NAMES_ZH_HK } from '../../contract/social-names';
import { serverText } from './i18n/traditional';

/**
 * A social provider's name in the user's language: the English part of a bilingual name in
 * English, the Chinese part otherwise; in zh-HK a default Chinese name is said as the product
 * names it, a unit's own name in Traditional characters once the converter has loaded
 * (core/i18n/traditional.ts).
 */
export function providerName(name: string, lang: string): string {
  const shown = splitBilingual(name, lang);
  if (lang !== 'zh-HK') return shown;
  if (!Object.hasOwn(SOCIAL_PROVIDER_NAMES_ZH_HK, shown)) return serverText(shown, lang);
  return SOCIAL_PROVIDER_NAMES_ZH_HK[shown] ?? shown;
}

import { splitBilingual } from '../../contract/envelope';
import { SOCIAL_PROVIDER_NAMES_ZH_HK } from '../../contract/social-names';

/**
 * A social provider's name in the user's language: the English part of a bilingual name in
 * English, the Chinese part otherwise; a default Chinese name is said in Traditional characters
 * in zh-HK, while a unit's own name stays as it wrote it.
 */
export function providerName(name: string, lang: string): string {
  const shown = splitBilingual(name, lang);
  if (lang !== 'zh-HK' || !Object.hasOwn(SOCIAL_PROVIDER_NAMES_ZH_HK, shown)) return shown;
  return SOCIAL_PROVIDER_NAMES_ZH_HK[shown] ?? shown;
}

/**
 * The social providers' default Chinese names (the Chinese part of the bilingual names the
 * reference server seeds, server/db/seed-social.ts) in Traditional Chinese (zh-HK). A unit's own
 * name for a provider is not in this list and is shown as the unit wrote it.
 */
export const SOCIAL_PROVIDER_NAMES_ZH_HK: Readonly<Record<string, string>> = {
  微信: '微信',
  微信公众号: '微信公眾號',
  企业微信: '企業微信',
};

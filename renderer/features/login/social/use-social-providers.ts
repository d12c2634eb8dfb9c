import type { Query } from '../../../core/query/query-cache';
import { useQuery } from '../../../core/query/use-query';
import type { SocialProvider } from '../../../../contract/social';
import { SUCCESS_STATUS } from '../../../../contract/envelope';
import { fetchSocialProviders } from './api';

/** The providers a login box offers: the ones with a QR login (WeChat website, WeCom). */
export function qrProviders(providers: readonly SocialProvider[]): SocialProvider[] {
  return providers.filter((provider) => provider.kind === 'weixin' || provider.kind === 'wecom');
}

/** The unit's other platforms (spec §2 login box and dialog), [] until known or on failure. */
export function useSocialProviders(): SocialProvider[] {
  return useQuery(SOCIAL_PROVIDERS).data ?? NO_PROVIDERS;
}

const NO_PROVIDERS: SocialProvider[] = [];

/** The unit's QR-login platforms, as the query cache knows them. */
const SOCIAL_PROVIDERS: Query<SocialProvider[]> = {
  key: ['social-providers'],
  fetch: async () => {
    const envelope = await fetchSocialProviders();
    return envelope.status === SUCCESS_STATUS && Array.isArray(envelope.data)
      ? qrProviders(envelope.data)
      : [];
  },
};

import { useEffect, useState } from 'react';
import type { SocialProvider } from '../../../../contract/social';
import { SUCCESS_STATUS } from '../../../../contract/envelope';
import { fetchSocialProviders } from './api';

/** The providers a login box offers: the ones with a QR login (WeChat website, WeCom). */
export function qrProviders(providers: readonly SocialProvider[]): SocialProvider[] {
  return providers.filter((provider) => provider.kind === 'weixin' || provider.kind === 'wecom');
}

/** The unit's other platforms (spec §2 login box and dialog), [] until known or on failure. */
export function useSocialProviders(): SocialProvider[] {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let active = true;
    fetchSocialProviders()
      .then((envelope) => {
        if (active && envelope.status === SUCCESS_STATUS && Array.isArray(envelope.data)) {
          setProviders(qrProviders(envelope.data));
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return providers;
}

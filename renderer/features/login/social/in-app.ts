import { SUCCESS_STATUS } from '../../../../contract/envelope';
import { readSession, STORAGE_KEYS, writeSession } from '../../../core/storage-keys';
import { fetchInAppProvider, requestSocialState } from './api';
import { buildAuthorizeUrl, socialRedirectUri } from './authorize-url';
import { inAppClient } from './in-app-client';
import { rememberSocialState } from './social-state';

/** Step 8: the in-app authorisation URL of WeChat or WeCom, once per session. */
export async function inAppAuthorizeUrl(): Promise<string | null> {
  const client = inAppClient(navigator.userAgent);
  if (client === null || readSession(STORAGE_KEYS.socialInAppTried) === '1') return null;
  writeSession(STORAGE_KEYS.socialInAppTried, '1');
  const info = await fetchInAppProvider(client, window.location.host);
  if (info.status !== SUCCESS_STATUS || info.data === null) return null;
  const provider = info.data;
  const state = await requestSocialState(provider.providerId);
  if (state.status !== SUCCESS_STATUS) return null;
  rememberSocialState(state.data.state, provider.providerId);
  return buildAuthorizeUrl(
    provider,
    'in-app',
    state.data.state,
    socialRedirectUri(window.location, provider.providerId),
  );
}

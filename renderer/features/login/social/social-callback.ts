import { queryParam } from '../../../core/hash-route';

/** The query parameters a provider's callback carries (spec §4 step 6). */
export const SOCIAL_CALLBACK_PARAMS = ['code', 'token', 'state', 'plat'] as const;

/** A provider's answer in the address: a code or token together with a state or plat value. */
export interface SocialCallback {
  provider: string;
  code: string;
  token: string;
  state: string;
}

/** A provider id as the platform names them: letters, digits, '_' and '-', at most 32. */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Reads the callback of spec §4 step 6 from `url`: undefined when there is none; the provider is
 * the `plat` value, else the one this browser started the state with (`providerOfState`).
 * A provider id that is not a plain name is no callback of ours.
 */
export function readSocialCallback(
  url: URL,
  providerOfState: (state: string) => string | null,
): SocialCallback | undefined {
  const code = queryParam(url, 'code')?.trim() ?? '';
  const token = queryParam(url, 'token')?.trim() ?? '';
  const state = queryParam(url, 'state')?.trim() ?? '';
  const plat = queryParam(url, 'plat')?.trim() ?? '';
  if ((code === '' && token === '') || (state === '' && plat === '')) return undefined;
  const provider = plat !== '' ? plat : (providerOfState(state) ?? '');
  if (!PROVIDER_ID.test(provider)) return undefined;
  return { provider, code, token, state };
}

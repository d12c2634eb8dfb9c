import { API } from '../../../../contract/api-paths';
import type { LoginData } from '../../../../contract/auth';
import type { ApiEnvelope } from '../../../../contract/envelope';
import type {
  SocialPendingIdentity,
  SocialProvider,
  SocialState,
} from '../../../../contract/social';
import { http } from '../../../core/http/http';

/** The unit's other platforms (spec §7 social/info). */
export function fetchSocialProviders(): Promise<ApiEnvelope<SocialProvider[]>> {
  return http.get<SocialProvider[]>(API.socialInfo, undefined, { noIntercept: true });
}

/** The in-app provider of the unit (spec §7 social/{mp or qy}_info). */
export function fetchInAppProvider(
  client: 'mp' | 'qy',
  unitHost: string,
): Promise<ApiEnvelope<SocialProvider | null>> {
  return http.get<SocialProvider | null>(
    client === 'mp' ? API.socialMpInfo : API.socialQyInfo,
    { unitHost },
    { noIntercept: true },
  );
}

/** A state for a sign-in with `providerId`, bound to this browser by the server. */
export function requestSocialState(providerId: string): Promise<ApiEnvelope<SocialState>> {
  return http.post<SocialState>(API.socialState, { providerId }, { noIntercept: true });
}

/** The social login (spec §7: code, token, deviceId, unitHost) with the state it answers. */
export function postSocialLogin(
  provider: string,
  fields: { code: string; token: string; state: string; deviceId: string; unitHost: string },
): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(API.socialLogin(provider), fields, {
    noIntercept: true,
    skipAuthRefresh: true,
  });
}

/** The identity waiting to be linked in this browser (the binding page shows it). */
export function fetchPendingIdentity(): Promise<ApiEnvelope<SocialPendingIdentity | null>> {
  return http.get<SocialPendingIdentity | null>(API.socialPending, undefined, {
    noIntercept: true,
  });
}

/** Links the pending identity to the account of username/password and signs in. */
export function postBind(username: string, password: string): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(
    API.socialBind,
    { username, password },
    { noIntercept: true, skipAuthRefresh: true },
  );
}

import { API } from '../../../contract/api-paths';
import type { LoginData, UnitLoginConfig } from '../../../contract/auth';
import type { ApiEnvelope } from '../../../contract/envelope';
import { http } from '../../core/http/http';

/**
 * The authentication calls of the login feature (spec §7). Login answers are handled by the
 * caller (noIntercept, spec §3 login form), so a wrong password never raises a global toast.
 */
export function postLogin(username: string, password: string): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(
    API.login,
    { username, password, noIntercept: true },
    { noIntercept: true, skipAuthRefresh: true },
  );
}

/** The login-page configuration of the unit serving this host (spec §7). */
export function fetchLoginConfig(host: string): Promise<ApiEnvelope<UnitLoginConfig>> {
  return http.get<UnitLoginConfig>(API.loginConfig, { url: host }, { noIntercept: true });
}

/** The user-client (device) login with the installation's client id (spec §7). */
export function postUserClientLogin(userClientId: string): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(
    API.loginUserClient,
    { userClientId },
    { noIntercept: true, skipAuthRefresh: true },
  );
}

import { API } from '../../../contract/api-paths';
import type { LoginData, UnitLoginConfig } from '../../../contract/auth';
import { SUCCESS_STATUS, type ApiEnvelope } from '../../../contract/envelope';
import { http } from '../../core/http/http';
import type { Query } from '../../core/query/query-cache';
import type { TicketApiConfig } from './ticket-api';

/**
 * The authentication calls of the login feature (spec §7). Login answers are handled by the
 * caller (noIntercept, spec §3 login form), so a wrong password never raises a global toast.
 */
export function postLogin(username: string, password: string): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(
    API.login,
    { username, password, noIntercept: true },
    // Leaves at once, before the form re-renders as "signing in": the user waits for it.
    { noIntercept: true, skipAuthRefresh: true, priority: 'user-blocking' },
  );
}

/** The login-page configuration of the unit serving this host (spec §7). */
export function fetchLoginConfig(host: string): Promise<ApiEnvelope<UnitLoginConfig>> {
  return http.get<UnitLoginConfig>(API.loginConfig, { url: host }, { noIntercept: true });
}

/**
 * No unit is set up at this address (a new production platform, server/uaa/config-routes.ts):
 * the query's error, carrying the server's bilingual message for the login page to show.
 */
export class HostWithoutUnitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostWithoutUnitError';
  }
}

/**
 * The unit's login-page configuration for a host (logo, name, footer); null when it has none.
 * Fails with HostWithoutUnitError when the platform serves no unit at this host at all.
 */
export function unitLoginConfigQuery(host: string): Query<UnitLoginConfig | null> {
  return {
    key: ['unit-login-config', host],
    fetch: async () => {
      const envelope = await fetchLoginConfig(host);
      if (envelope.status === 404 && envelope.code === 'not_found')
        throw new HostWithoutUnitError(envelope.message);
      return envelope.status === SUCCESS_STATUS ? envelope.data : null;
    },
  };
}

/** The user-client (device) login with the installation's client id (spec §7). */
export function postUserClientLogin(userClientId: string): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(
    API.loginUserClient,
    { userClientId },
    { noIntercept: true, skipAuthRefresh: true },
  );
}

/** Relogin with an access token handed over in the address (spec §4 step 5, §7). */
export function postRelogin(accessToken: string): Promise<ApiEnvelope<LoginData>> {
  return http.post<LoginData>(
    API.relogin,
    { accessToken },
    { noIntercept: true, skipAuthRefresh: true },
  );
}

/** The ticket exchange on the configured path and method (spec §4 step 4, §7). */
export function postTicket(
  api: TicketApiConfig,
  ticket: string,
  unitHost: string,
): Promise<ApiEnvelope<LoginData>> {
  const fields = { [api.ticketKey]: ticket, unitHost };
  const options = { noIntercept: true, skipAuthRefresh: true };
  return api.method === 'GET'
    ? http.get<LoginData>(api.path, fields, options)
    : http.post<LoginData>(api.path, fields, options);
}

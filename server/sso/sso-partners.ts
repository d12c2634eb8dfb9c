import { SSO_PROVIDERS, type SsoProvider } from '../../contract/sso';
import type { ServerOptions } from '../config';

/**
 * The single-sign-on partners (haikang, ysy) the platform offers. The reference server has only
 * its stand-ins of the two partner sites (server/sso/sso-routes.ts), which show whoever holds a
 * ticket as signed in: demo mode offers them; production offers none, since a real partner's
 * side (its own ticket check and signing secret) is not something this server can configure. So
 * in production their pages are not mounted, `select/login/url` answers an empty list and the
 * desktop hides their icons (`hiddenAppCodes`) rather than show ones that cannot open.
 */
export function offeredSsoProviders(options: Pick<ServerOptions, 'mode'>): readonly SsoProvider[] {
  return options.mode === 'demo' ? SSO_PROVIDERS : [];
}

/** The applications whose icons the desktop must not list: partners that are not offered. */
export function hiddenAppCodes(options: Pick<ServerOptions, 'mode'>): ReadonlySet<string> {
  const offered = new Set<string>(offeredSsoProviders(options));
  return new Set(SSO_PROVIDERS.filter((code) => !offered.has(code)));
}

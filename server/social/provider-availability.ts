import type { SocialProviderKind } from '../../contract/social';
import {
  SOCIAL_PROVIDER_HOST_VARIABLES,
  type ServerOptions,
  type SocialProviderHost,
} from '../config';

type AvailabilityOptions = Pick<ServerOptions, 'mode' | 'socialStandins' | 'socialProviderBases'>;

/**
 * The provider hosts each kind of sign-in goes through (server/social/social-routes.ts, toProvider
 * and the ProviderClient): the browser's login page and the server-to-server API. WeCom's in-app
 * sign-in opens WeChat's authorize page (open.weixin.qq.com), as WeCom documents it.
 */
export const PROVIDER_KIND_HOSTS: Readonly<
  Record<SocialProviderKind, readonly SocialProviderHost[]>
> = {
  weixin: ['weixinOpen', 'weixinApi'],
  weixin_mp: ['weixinOpen', 'weixinApi'],
  wecom: ['wecomLogin', 'wecomApi', 'weixinOpen'],
};

/**
 * Whether the stand-in providers (server/social-standin/) may serve the hosts that are not
 * configured: EDUDESK_SOCIAL_STANDINS when set, otherwise demo mode only. In production their
 * seeded identities would sign anyone in, so they stay off unless the operator asks.
 */
export function standinsAllowed(options: Pick<ServerOptions, 'mode' | 'socialStandins'>): boolean {
  return options.socialStandins ?? options.mode !== 'production';
}

/** Whether server/app.ts mounts the stand-ins: allowed, and some provider host is not configured. */
export function standinsMounted(options: AvailabilityOptions): boolean {
  const bases = options.socialProviderBases ?? {};
  const unset = (Object.keys(SOCIAL_PROVIDER_HOST_VARIABLES) as SocialProviderHost[]).some(
    (host) => bases[host] === undefined,
  );
  return unset && standinsAllowed(options);
}

/**
 * Whether a unit's provider of `kind` can work on this server, so it is offered (social/info,
 * mp_info, qy_info) and accepted (social/state, social/{provider}): every host it needs is
 * configured, or the stand-ins serve the missing ones.
 */
export function providerOffered(options: AvailabilityOptions, kind: SocialProviderKind): boolean {
  if (standinsAllowed(options)) return true;
  const bases = options.socialProviderBases ?? {};
  return PROVIDER_KIND_HOSTS[kind].every((host) => bases[host] !== undefined);
}

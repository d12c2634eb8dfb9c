import type { SocialStandinOptions, StandinIdentity } from './standin-config';
import type { RegisteredHostCheck } from './standin-http';
import type { StandinProvider, StandinStore } from './standin-store';

/** Settings beyond the fixed options, each with a default (see createSocialStandinRoutes). */
export interface StandinSettings {
  /** How long a long poll is held before it answers 408 (default 25 s). */
  longPollMs: number;
  /** The QR pages' CSP frame-ancestors (default `*`: any site may embed them, as the real ones). */
  frameAncestors: string;
  /**
   * The origin written into the QR code for the phone page (default: the origin the QR page was
   * opened on). Set it to a LAN address such as `http://192.168.1.20:8080` to scan with a real
   * phone while the computer shows the page on 127.0.0.1.
   */
  phoneOrigin: string | undefined;
  /** Which redirect_uri hosts count as registered (default: the host the stand-in was reached on). */
  isRegisteredHost: RegisteredHostCheck;
}

/** What every stand-in route shares. */
export interface StandinContext {
  options: SocialStandinOptions;
  settings: StandinSettings;
  store: StandinStore;
}

/** The identities a provider's phone can be: WeChat users have a unionid, WeCom members a userid. */
export function identitiesFor(
  options: SocialStandinOptions,
  provider: StandinProvider,
): StandinIdentity[] {
  return options.identities.filter((identity) =>
    provider === 'weixin' ? identity.unionid !== undefined : identity.wecomUserId !== undefined,
  );
}

export function identityByKey(
  options: SocialStandinOptions,
  key: string | undefined,
): StandinIdentity | undefined {
  return key === undefined ? undefined : options.identities.find((entry) => entry.key === key);
}

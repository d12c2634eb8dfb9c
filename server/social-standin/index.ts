import type { FastifyPluginAsync } from 'fastify';
import { registerApiRoutes } from './api-routes';
import { registerInAppRoutes } from './in-app-routes';
import { registerQrLoginRoutes } from './qr-login-routes';
import { STANDIN_TTL, type SocialStandinOptions } from './standin-config';
import type { StandinSettings } from './standin-context';
import { sameHostOnly } from './standin-http';
import { StandinStore } from './standin-store';

export {
  SOCIAL_STANDIN_PREFIX,
  STANDIN_DEMO,
  STANDIN_HOSTS,
  STANDIN_LONG_POLL_HOST,
  STANDIN_PATHS,
  standinOpenId,
  type SocialStandinOptions,
  type StandinIdentity,
  type StandinWecomCorp,
  type StandinWeixinApp,
} from './standin-config';
export type { StandinSettings } from './standin-context';
export type { RegisteredHostCheck } from './standin-http';

/**
 * The stand-in providers as a plugin, with settings beyond the fixed options (each optional):
 * the long-poll hold, who may frame the QR pages, the origin the QR code gives the phone, and
 * which redirect_uri hosts count as registered.
 */
export function createSocialStandinRoutes(
  overrides: Partial<StandinSettings> = {},
): FastifyPluginAsync<SocialStandinOptions> {
  return (app, options) => {
    const settings: StandinSettings = {
      longPollMs: STANDIN_TTL.longPollMs,
      frameAncestors: '*',
      phoneOrigin: undefined,
      isRegisteredHost: sameHostOnly,
      ...overrides,
    };
    const store = new StandinStore(options.now);
    const context = { options, settings, store };
    registerQrLoginRoutes(app, context);
    registerInAppRoutes(app, context);
    registerApiRoutes(app, context);
    // A closing server answers the waiting long polls at once instead of holding its close.
    app.addHook('onClose', (_instance, done) => {
      store.wakeAll();
      done();
    });
    return Promise.resolve();
  };
}

/**
 * Faithful offline stand-ins of WeChat (website QR login, official account in-app
 * authorisation, the sns API) and WeCom (QR login, in-app authorisation, gettoken and
 * getuserinfo), mounted by the reference server as it mounts the haikang/ysy stand-ins
 * (docs/social-standin.md). Routes carry SOCIAL_STANDIN_PREFIX and the real host:
 * `/standin/open.weixin.qq.com/connect/qrconnect`.
 */
export const socialStandinRoutes: FastifyPluginAsync<SocialStandinOptions> =
  createSocialStandinRoutes();

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API } from '../../contract/api-paths';
import { INVALID_GRANT } from '../../contract/auth';
import { SocialInAppQuerySchema, SocialProviderParamsSchema } from '../../contract/route-schemas';
import {
  SOCIAL_UNBOUND,
  SocialBindBodySchema,
  SocialLoginBodySchema,
  SocialStateBodySchema,
  SocialUnlinkBodySchema,
  type SocialLink,
  type SocialPendingIdentity,
  type SocialProvider,
  type SocialProviderKind,
} from '../../contract/social';
import { authOf, isActiveOnHost, requireAuth } from '../auth/authenticate';
import { newToken } from '../auth/tokens';
import type { SocialProviderHost } from '../config';
import { readCookie, serializeCookie } from '../http/cookies';
import { fail, ok } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import { callerOrigin } from '../http/request-origin';
import type { ServicesPluginOptions } from '../services';
import { hostUnitId } from '../tenancy/host-unit';
import { SOCIAL_STANDIN_PREFIX } from '../social-standin/index';
import { passwordAttemptFor, sendFailedAttempt } from '../uaa/password-attempt';
import { signIn } from '../uaa/start-session';
import {
  fetchJson,
  issuerOf,
  PROVIDER_HOSTS,
  ProviderClient,
  type ProviderGet,
} from './provider-client';
import { providerOffered } from './provider-availability';
import { SOCIAL_PENDING_TTL_MS, SocialStore, type SocialProviderRecord } from './social-store';

/** A random id of this browser that its states are bound to (login CSRF). */
const BROWSER_COOKIE = 'SY_SOCIAL_BROWSER';
/** The identity waiting for the binding page in this browser. */
const PENDING_COOKIE = 'SY_SOCIAL_PENDING';
const SOCIAL_COOKIE_PATH = '/api/uaa/social';
const BROWSER_COOKIE_SECONDS = 24 * 60 * 60;

/** The kind of provider each in-app info call answers (spec §7 social/{mp or qy}_info). */
const IN_APP_KINDS: Record<'mp' | 'qy', SocialProviderKind> = { mp: 'weixin_mp', qy: 'wecom' };

/**
 * Social login (spec §4 steps 6 and 8, §7 social calls; docs/social-login.md):
 * - GET social/info, mp_info, qy_info: the unit's providers, as the browser needs them;
 * - POST social/state: a state bound to this browser (a random HttpOnly cookie), used once;
 * - POST social/{provider}: the provider's code is exchanged server-to-server and the identity
 *   mapped: a linked one signs in (200); an unlinked one is kept for the binding page (400
 *   social_unbound), found again only through this browser's cookie;
 * - GET social/pending, POST social/bind: the binding page links the pending identity to the
 *   account whose password it is given (one identity, one account) and signs in;
 * - GET social/links, POST social/unlink: the signed-in user's linked identities.
 */
export const socialRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const store = new SocialStore(services.sql, services.now, (kind) =>
    providerOffered(services.options, kind),
  );
  const configured = services.options.socialProviderBases ?? {};
  const standin = (host: SocialProviderHost) => `${SOCIAL_STANDIN_PREFIX}/${PROVIDER_HOSTS[host]}`;
  // Server-to-server: the real host, or this server's own stand-in without a network hop.
  const get: ProviderGet = async (url) => {
    if (!url.startsWith('/')) return fetchJson(url);
    const response = await app.inject({ method: 'GET', url });
    return response.json<unknown>();
  };
  const client = new ProviderClient(get, (host) => configured[host] ?? standin(host), services.now);
  /**
   * The base the browser goes to: the real host, or the stand-in on the origin the page was
   * opened with (so its QR frame is same-origin, and a phone on the LAN reaches it).
   */
  function browserBase(request: FastifyRequest, host: SocialProviderHost): string {
    return configured[host] ?? `${callerOrigin(request, services.linkOrigins)}${standin(host)}`;
  }

  function toProvider(request: FastifyRequest, record: SocialProviderRecord): SocialProvider {
    const authorize = `${browserBase(request, 'weixinOpen')}/connect/oauth2/authorize`;
    return {
      providerId: record.providerId,
      kind: record.kind,
      name: record.name,
      providerAppId: record.appId,
      providerApplicationId: record.agentId,
      providerAppLoginUrl:
        record.kind === 'weixin'
          ? `${browserBase(request, 'weixinOpen')}/connect/qrconnect`
          : record.kind === 'wecom'
            ? `${browserBase(request, 'wecomLogin')}/wwlogin/sso/login`
            : authorize,
      providerInAppLoginUrl: record.kind === 'wecom' ? authorize : '',
      logo: record.logo,
    };
  }

  function cookie(name: string, value: string, maxAgeSeconds: number): string {
    return serializeCookie(name, value, {
      path: SOCIAL_COOKIE_PATH,
      maxAgeSeconds,
      httpOnly: true,
      secure: services.options.secureCookies,
      sameSite: 'Lax',
    });
  }

  function clearPending(reply: FastifyReply): void {
    void reply.header('set-cookie', cookie(PENDING_COOKIE, '', 0));
  }

  app.get(API.socialInfo, async (request) => {
    const providers = await store.providers(await hostUnitId(services.units, request));
    return ok(providers.map((p) => toProvider(request, p)));
  });

  for (const client of ['mp', 'qy'] as const) {
    app.get(
      client === 'mp' ? API.socialMpInfo : API.socialQyInfo,
      {
        schema: { querystring: SocialInAppQuerySchema },
      },
      async (request) => {
        const providers = await store.providers(await hostUnitId(services.units, request));
        const record = providers.find((provider) => provider.kind === IN_APP_KINDS[client]);
        return ok(record ? toProvider(request, record) : null);
      },
    );
  }

  app.post(API.socialState, { schema: { body: SocialStateBodySchema } }, async (request, reply) => {
    const unitId = await hostUnitId(services.units, request);
    if (!(await store.provider(unitId, request.body.providerId))) {
      return reply.send(fail(404, 'social_provider_unknown', MESSAGES.socialProviderUnknown));
    }
    let browser = readCookie(request.headers.cookie, BROWSER_COOKIE);
    if (browser === undefined || !/^[A-Za-z0-9_-]{43}$/.test(browser)) {
      browser = newToken();
      void reply.header('set-cookie', cookie(BROWSER_COOKIE, browser, BROWSER_COOKIE_SECONDS));
    }
    const state = await store.issueState(browser, unitId, request.body.providerId);
    return reply.send(ok({ state }));
  });

  app.post(
    '/api/uaa/social/:provider',
    { schema: { params: SocialProviderParamsSchema, body: SocialLoginBodySchema } },
    async (request, reply) => {
      const unitId = await hostUnitId(services.units, request);
      const provider = await store.provider(unitId, request.params.provider);
      if (!provider) {
        return reply.send(fail(404, 'social_provider_unknown', MESSAGES.socialProviderUnknown));
      }
      const state = request.body.state?.trim() ?? '';
      const browser = readCookie(request.headers.cookie, BROWSER_COOKIE) ?? '';
      // Login CSRF: the callback must answer a sign-in this browser started (RFC 6749 §10.12).
      if (
        state === '' ||
        browser === '' ||
        !(await store.claimStateOf(state, browser, unitId, provider.providerId))
      ) {
        return reply.send(fail(403, 'social_state_mismatch', MESSAGES.socialStateMismatch));
      }
      // A provider answers with a code (WeChat, WeCom) or a token; an empty field is none.
      const code =
        [request.body.code, request.body.token]
          .map((value) => value?.trim() ?? '')
          .find((value) => value !== '') ?? '';
      if (code === '') return reply.send(fail(400, INVALID_GRANT, MESSAGES.socialCodeRefused));

      const exchange = await client.exchange(provider, code);
      switch (exchange.kind) {
        case 'unavailable':
          return reply.send(fail(502, 'social_unavailable', MESSAGES.socialUnavailable));
        case 'refused':
          request.log.info(
            { errcode: exchange.errcode },
            'social login: the provider refused the code',
          );
          return reply.send(fail(400, INVALID_GRANT, MESSAGES.socialCodeRefused));
        case 'not-member':
          return reply.send(fail(403, 'social_not_member', MESSAGES.socialNotMember));
        case 'identity':
          break;
      }
      const { identity } = exchange;
      const userId = await store.linkedUser(identity.issuer, identity.subject);
      const user = userId === undefined ? undefined : await services.users.findById(userId);
      if (user) {
        const unit = await services.units.findById(user.unitId);
        if (
          user.unitId !== unitId ||
          !unit ||
          !(await isActiveOnHost(services, request, user, unit))
        ) {
          return reply.send(fail(403, 'account_disabled', MESSAGES.accountDisabled));
        }
        return signIn(services, request, reply, user, unit);
      }
      // Not linked: the binding page links it. Status 400 with a code other than invalid_grant
      // is what sends the client there (spec §4 login result).
      const secret = await store.holdPending({
        ...identity,
        unitId,
        providerId: provider.providerId,
        deviceId: request.body.deviceId?.trim() ?? '',
      });
      void reply.header('set-cookie', cookie(PENDING_COOKIE, secret, SOCIAL_PENDING_TTL_MS / 1000));
      return reply.send(
        fail(400, SOCIAL_UNBOUND, MESSAGES.socialUnbound, {
          data: {
            unitType: '',
            unitId: String(unitId),
            userType: '',
            openid: identity.openid,
            unionid: identity.unionid,
          },
        }),
      );
    },
  );

  async function pendingOf(request: FastifyRequest) {
    const secret = readCookie(request.headers.cookie, PENDING_COOKIE) ?? '';
    const pending = secret === '' ? undefined : await store.pending(secret);
    if (pending?.unitId !== (await hostUnitId(services.units, request))) return undefined;
    return { secret, pending };
  }

  app.get(API.socialPending, async (request) => {
    const found = await pendingOf(request);
    if (!found) return fail(404, 'social_pending_missing', MESSAGES.socialPendingMissing);
    const provider = await store.provider(found.pending.unitId, found.pending.providerId);
    const answer: SocialPendingIdentity = {
      providerName: provider?.name ?? found.pending.providerId,
      nickname: found.pending.nickname,
    };
    return ok(answer);
  });

  app.post(API.socialBind, { schema: { body: SocialBindBodySchema } }, async (request, reply) => {
    const found = await pendingOf(request);
    if (!found) {
      return reply.send(fail(404, 'social_pending_missing', MESSAGES.socialPendingMissing));
    }
    const outcome = await passwordAttemptFor(
      services,
      request,
      request.body.username.trim(),
      request.body.password,
    );
    if (outcome.kind !== 'ok') return sendFailedAttempt(services, reply, outcome);
    if ((await store.link(found.pending, outcome.user.id)) === 'identity-taken') {
      await store.dropPending(found.secret);
      clearPending(reply);
      return reply.send(fail(409, 'social_identity_taken', MESSAGES.socialIdentityTaken));
    }
    await store.dropPending(found.secret);
    clearPending(reply);
    request.log.info(
      { userId: outcome.user.id, issuer: found.pending.issuer },
      'social identity linked',
    );
    return signIn(services, request, reply, outcome.user, outcome.unit);
  });

  app.get(API.socialLinks, { onRequest: requireAuth(services) }, async (request) => {
    const { user } = authOf(request);
    // The first provider of an issuer names it (WeChat's website login before its account).
    const names = new Map<string, string>();
    for (const provider of await store.providers(user.unitId)) {
      if (!names.has(issuerOf(provider))) names.set(issuerOf(provider), provider.name);
    }
    const links: SocialLink[] = (await store.links(user.id)).map((link) => ({
      issuer: link.issuer,
      subject: link.subject,
      providerName: names.get(link.issuer) ?? link.issuer,
      nickname: link.nickname,
      linkedAt: link.linkedAt,
    }));
    return ok(links);
  });

  app.post(
    API.socialUnlink,
    { onRequest: requireAuth(services), schema: { body: SocialUnlinkBodySchema } },
    async (request, reply) => {
      const { user } = authOf(request);
      if (!(await store.unlink(request.body.issuer, request.body.subject, user.id))) {
        return reply.send(fail(404, 'social_link_missing', MESSAGES.notFound));
      }
      return reply.send(ok(null));
    },
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createHmac, randomBytes } from 'node:crypto';
import { API } from '../../contract/api-paths';
import { ysySignedText, type SsoLoginTarget } from '../../contract/sso';
import { authOf, requireAuth } from '../auth/authenticate';
import { sameSecret, tokenHash } from '../auth/tokens';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/request-origin';
import { sendSimplePage } from '../http/simple-page';
import type { ServicesPluginOptions } from '../services';
import { serverSecret } from '../db/server-secrets';
import { offeredSsoProviders } from './sso-partners';
import { SsoStore } from './sso-store';

/** Where the reference server's stand-ins of the two partner sites live. */
export const SSO_DEMO_PATHS = { haikang: '/sso-demo/haikang', ysy: '/sso-demo/ysy' } as const;

const TICKET_TTL_MS = 60_000;
/** A signed ysy form is accepted for five minutes, once. */
const SIGNATURE_TTL_MS = 5 * 60_000;
const YSY_APP_KEY = 'edudesk-ysy';

const HaikangQuerySchema = Type.Object(
  { ticket: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: true },
);
const YsyBodySchema = Type.Object(
  {
    appKey: Type.String({ maxLength: 64 }),
    account: Type.String({ minLength: 1, maxLength: 128 }),
    timestamp: Type.String({ pattern: '^[0-9]{1,16}$' }),
    nonce: Type.String({ pattern: '^[0-9a-f]{32}$' }),
    signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  },
  { additionalProperties: false },
);

/**
 * GET /api/sso/select/login/url (spec §7) and stand-ins for the two partner sites, so the whole
 * single-sign-on path runs against this server: haikang opens a URL carrying a one-time ticket
 * (60 s); ysy posts a form signed with HMAC-SHA256 (five minutes, each nonce once). Only the
 * partners offered (server/sso/sso-partners.ts: demo mode's stand-ins) are answered and mounted.
 */
export const ssoRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = async (
  app,
  { services },
) => {
  // Shared by every node of one database, so a form signed by one is checked by another.
  const secret = await serverSecret(services.sql, 'sso-demo');
  const store = new SsoStore(services.sql);
  const offered = new Set(offeredSsoProviders(services.options));

  function sign(text: string): string {
    return createHmac('sha256', secret).update(text).digest('hex');
  }

  app.get(API.ssoLoginUrl, { onRequest: requireAuth(services) }, async (request) => {
    if (offered.size === 0) return ok([]);
    const { user } = authOf(request);
    const now = services.now();
    await store.purge(now);
    const ticket = randomBytes(24).toString('hex');
    await store.issueTicket(tokenHash(ticket), user.loginName, now + TICKET_TTL_MS);
    const origin = await linkOrigin(request, services.linkOrigins);
    const unsigned = {
      appKey: YSY_APP_KEY,
      account: user.loginName,
      timestamp: String(now),
      nonce: randomBytes(16).toString('hex'),
    };
    const targets: SsoLoginTarget[] = [
      {
        code: 'haikang',
        method: 'GET',
        url: `${origin}${SSO_DEMO_PATHS.haikang}?ticket=${ticket}`,
      },
      {
        code: 'ysy',
        method: 'POST',
        url: `${origin}${SSO_DEMO_PATHS.ysy}`,
        fields: { ...unsigned, signature: sign(ysySignedText(unsigned)) },
      },
    ];
    return ok(targets.filter((target) => offered.has(target.code)));
  });

  // The stand-ins of the partner sites: demo mode only (a production server mounts none).
  if (offered.has('haikang')) {
    app.get(
      SSO_DEMO_PATHS.haikang,
      { schema: { querystring: HaikangQuerySchema } },
      async (request, reply) => {
        const userName = await store.takeTicket(tokenHash(request.query.ticket), services.now());
        if (userName === undefined) {
          return sendSimplePage(reply, 401, {
            title: '海康安防 Hikvision',
            lines: ['登录凭证无效或已过期', 'The sign-in ticket is invalid or has expired'],
          });
        }
        return sendSimplePage(reply, 200, {
          title: '海康安防 Hikvision',
          lines: [`已登录：${userName}`, `Signed in: ${userName}`],
        });
      },
    );
  }

  if (offered.has('ysy')) {
    app.post(SSO_DEMO_PATHS.ysy, { schema: { body: YsyBodySchema } }, async (request, reply) => {
      const now = services.now();
      const { signature, ...fields } = request.body;
      const fresh = Math.abs(now - Number(fields.timestamp)) <= SIGNATURE_TTL_MS;
      const valid =
        fields.appKey === YSY_APP_KEY &&
        sameSecret(signature, sign(ysySignedText(fields)), 'hex') &&
        fresh &&
        (await store.spendNonce(fields.nonce, now + SIGNATURE_TTL_MS));
      if (!valid) {
        return sendSimplePage(reply, 401, {
          title: '萤石云视频 EZVIZ',
          lines: ['签名无效或已过期', 'The signature is invalid or has expired'],
        });
      }
      return sendSimplePage(reply, 200, {
        title: '萤石云视频 EZVIZ',
        lines: [`已登录：${fields.account}`, `Signed in: ${fields.account}`],
      });
    });
  }
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { randomBytes } from 'node:crypto';
import { OAUTH_PATHS, OAUTH_SCOPE_PROFILE } from '../../contract/oauth';
import { readCookie, serializeCookie } from '../http/cookies';
import { sendSimplePage } from '../http/simple-page';
import type { ServicesPluginOptions } from '../services';
import {
  DEMO_PARTNER_PATH,
  DEMO_PORTAL_CLIENT_ID,
  type OAuthClientRegistration,
} from './oauth-clients-config';
import { s256Challenge } from './pkce';

const COOKIE = 'edudesk_demo_partner';
const TITLE = '校园门户（演示）Campus portal (demo)';
/** A started sign-in is remembered this long (the user may take time to sign in). */
const PENDING_TTL_MS = 10 * 60_000;
const MAX_PENDING = 1000;

const CallbackQuerySchema = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 256 })),
    state: Type.Optional(Type.String({ maxLength: 256 })),
    iss: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: true },
);

interface Pending {
  state: string;
  verifier: string;
  expires: number;
}

interface UserInfo {
  sub?: unknown;
  name?: unknown;
  preferred_username?: unknown;
  unit_name?: unknown;
}

export interface DemoPartnerOptions extends ServicesPluginOptions {
  registrations: readonly OAuthClientRegistration[];
}

/**
 * The demo partner (docs/oauth.md): a tiny confidential client, `edudesk-demo-portal`, served by
 * this server so the whole flow can be tried by hand. It does what a partner's server does:
 * keeps state and the PKCE verifier for the browser (behind a cookie), sends the browser to the
 * authorisation page, checks state and iss on the way back, exchanges the code server-to-server
 * with its secret, and shows who userinfo says signed in.
 */
export const demoPartnerRoutes: FastifyPluginAsyncTypebox<DemoPartnerOptions> = (
  app,
  { services, registrations },
) => {
  const client = registrations.find((entry) => entry.clientId === DEMO_PORTAL_CLIENT_ID);
  const redirectUri = client?.redirectUris[0];
  const pending = new Map<string, Pending>();

  function sweep(now: number): void {
    for (const [key, entry] of pending) if (entry.expires <= now) pending.delete(key);
  }

  const notConfigured = {
    title: TITLE,
    lines: ['演示门户未配置', 'The demo portal is not configured'],
  };

  app.get(DEMO_PARTNER_PATH, (_request, reply) => {
    if (!client || !redirectUri) return sendSimplePage(reply, 404, notConfigured);
    return sendSimplePage(reply, 200, {
      title: TITLE,
      lines: ['这是一个演示的合作应用。', 'This is a demo partner application.'],
      links: [
        { href: `${DEMO_PARTNER_PATH}start`, text: '使用 EduDesk 登录 · Sign in with EduDesk' },
      ],
    });
  });

  app.get(`${DEMO_PARTNER_PATH}start`, (_request, reply) => {
    if (!client || !redirectUri) return sendSimplePage(reply, 404, notConfigured);
    const now = services.now();
    sweep(now);
    if (pending.size >= MAX_PENDING) pending.clear();
    const key = randomBytes(24).toString('base64url');
    const entry: Pending = {
      state: randomBytes(24).toString('base64url'),
      verifier: randomBytes(48).toString('base64url'),
      expires: now + PENDING_TTL_MS,
    };
    pending.set(key, entry);
    const platform = new URL(redirectUri).origin;
    const authorize = new URL(`${platform}${OAUTH_PATHS.authorize}`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri,
      scope: OAUTH_SCOPE_PROFILE,
      state: entry.state,
      code_challenge: s256Challenge(entry.verifier),
      code_challenge_method: 'S256',
    }).toString();
    return reply
      .header(
        'set-cookie',
        serializeCookie(COOKIE, key, {
          path: DEMO_PARTNER_PATH,
          maxAgeSeconds: PENDING_TTL_MS / 1000,
          httpOnly: true,
          secure: services.options.secureCookies,
          sameSite: 'Lax',
        }),
      )
      .header('cache-control', 'no-store')
      .redirect(authorize.toString(), 303);
  });

  app.get(
    `${DEMO_PARTNER_PATH}callback`,
    { schema: { querystring: CallbackQuerySchema } },
    async (request, reply) => {
      if (!client?.secret || !redirectUri) return sendSimplePage(reply, 404, notConfigured);
      const again = [{ href: `${DEMO_PARTNER_PATH}start`, text: '重新登录 · Sign in again' }];
      const refuse = (zh: string, en: string) =>
        sendSimplePage(reply, 400, { title: TITLE, lines: [zh, en], links: again });
      const key = readCookie(request.headers.cookie, COOKIE);
      const entry = key === undefined ? undefined : pending.get(key);
      if (key !== undefined) pending.delete(key);
      const { code, state, iss, error } = request.query;
      const platform = new URL(redirectUri).origin;
      if (!entry || entry.expires <= services.now() || state !== entry.state) {
        return refuse('登录请求不是从本页发起的', 'This sign-in was not started here');
      }
      // RFC 9207: the answer must come from the platform this page sent the user to.
      if (iss !== platform) return refuse('授权方不符', 'The answer came from another issuer');
      if (error !== undefined) {
        return refuse(`授权未完成：${error}`, `The platform did not authorise: ${error}`);
      }
      if (code === undefined) return refuse('缺少授权码', 'The answer carries no code');
      const outcome = await exchange(
        platform,
        { id: client.clientId, secret: client.secret },
        redirectUri,
        code,
        entry.verifier,
      );
      if (outcome.kind === 'failed') return refuse(outcome.zh, outcome.en);
      const { info } = outcome;
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      return sendSimplePage(reply, 200, {
        title: TITLE,
        lines: [
          `已登录：${text(info.name)}（${text(info.preferred_username)}）`,
          `Signed in: ${text(info.name)} (${text(info.preferred_username)})`,
          `单位 Unit: ${text(info.unit_name)}`,
          `sub: ${text(info.sub)}`,
        ],
        links: [{ href: DEMO_PARTNER_PATH, text: '返回 · Back' }],
      });
    },
  );

  return Promise.resolve();
};

type Exchange = { kind: 'done'; info: UserInfo } | { kind: 'failed'; zh: string; en: string };

/** The partner's server-to-server part: the code for tokens (client_secret_basic), then userinfo. */
async function exchange(
  platform: string,
  client: { id: string; secret: string },
  redirectUri: string,
  code: string,
  verifier: string,
): Promise<Exchange> {
  try {
    const basic = `${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`;
    const tokenResponse = await fetch(`${platform}${OAUTH_PATHS.token}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }).toString(),
    });
    const tokens = (await tokenResponse.json()) as { access_token?: unknown };
    if (!tokenResponse.ok || typeof tokens.access_token !== 'string') {
      return { kind: 'failed', zh: '换取令牌失败', en: 'The token exchange failed' };
    }
    const infoResponse = await fetch(`${platform}${OAUTH_PATHS.userinfo}`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    if (!infoResponse.ok) {
      return { kind: 'failed', zh: '读取用户信息失败', en: 'Reading userinfo failed' };
    }
    return { kind: 'done', info: (await infoResponse.json()) as UserInfo };
  } catch {
    return { kind: 'failed', zh: '无法连接平台', en: 'The platform could not be reached' };
  }
}

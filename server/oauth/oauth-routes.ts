import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { API } from '../../contract/api-paths';
import { HEADER_DEVICE } from '../../contract/http-headers';
import { OAUTH_PAGE_ERRORS, OAUTH_PATHS, type OAuthClientInfo } from '../../contract/oauth';
import { ClientInfoQuerySchema, WebAuthBodySchema } from '../../contract/route-schemas';
import { activeAccountOnHost, authOf, requireAuth } from '../auth/authenticate';
import { fail, ok } from '../http/envelope';
import { sendHtmlPage } from '../http/html-pages';
import { linkOrigin } from '../http/request-origin';
import { setHtmlSecurityHeaders } from '../http/security-headers';
import type { ServicesPluginOptions } from '../services';
import { demoPartnerRoutes } from './demo-partner';
import { loadClientRegistrations } from './oauth-clients-config';
import { OAUTH_MESSAGES } from './oauth-messages';
import { OAuthStore, type OAuthClient } from './oauth-store';
import { isS256Challenge, PKCE_METHOD } from './pkce';
import { matchRedirectUri } from './redirect-uri';
import { handleTokenRequest } from './token-endpoint';

/** An authorisation code is good for one minute (RFC 6749 §4.1.2 recommends at most ten). */
export const CODE_TTL_MS = 60_000;
/** A partner's access token lasts an hour; its refresh token (rotated on use) thirty days. */
export const PARTNER_ACCESS_TTL_MS = 3600_000;
export const PARTNER_REFRESH_TTL_MS = 30 * 24 * 3600_000;

/**
 * The authorisation page cannot be framed (clickjacking the Allow button) and sends no Referer
 * (its address carries the partner's state).
 */
export const AUTHORIZE_PAGE_CSP_FRAME = "frame-ancestors 'none'";

type ClientCheck =
  | { kind: 'ok'; client: OAuthClient; redirectUri: string }
  | { kind: 'refused'; code: string; message: string };

/** The client and its redirect URI, or why the page must stop (and never navigate). */
async function checkClient(
  store: OAuthStore,
  clientId: string | undefined,
  redirectUri: string | undefined,
): Promise<ClientCheck> {
  if (clientId === undefined || clientId === '') {
    return {
      kind: 'refused',
      code: OAUTH_PAGE_ERRORS.missingClientId,
      message: OAUTH_MESSAGES.missingClientId,
    };
  }
  const client = await store.findClient(clientId);
  if (!client) {
    return {
      kind: 'refused',
      code: OAUTH_PAGE_ERRORS.invalidClient,
      message: OAUTH_MESSAGES.invalidClient,
    };
  }
  const matched =
    redirectUri === undefined ? undefined : matchRedirectUri(client.redirectUris, redirectUri);
  if (matched === undefined) {
    return {
      kind: 'refused',
      code: OAUTH_PAGE_ERRORS.invalidRedirectUri,
      message: OAUTH_MESSAGES.invalidRedirectUri,
    };
  }
  return { kind: 'ok', client, redirectUri: matched };
}

/** The redirect URI (built from the registration) with the answer's parameters added. */
function answerUrl(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.toString();
}

/** Spec §2: the source value of the answer, `app` on phones and in the app, else `pc`. */
function sourceOf(request: FastifyRequest): 'app' | 'pc' {
  const device = request.headers[HEADER_DEVICE];
  return device === 'app' || device === 'h5' ? 'app' : 'pc';
}

/** The issuer this request speaks to: each unit's host is its own issuer (the tenancy rule). */
export function issuerOf(
  request: FastifyRequest,
  services: ServicesPluginOptions['services'],
): Promise<string> {
  return linkOrigin(request, services.linkOrigins);
}

/**
 * The platform as an OAuth 2.0 authorisation server for partner applications (docs/oauth.md):
 * RFC 8414 metadata, the authorisation page and its calls (spec §7 shiyue_webauth), the token
 * endpoint (RFC 6749 §3.2, PKCE of RFC 7636) and userinfo. A partner's tokens are not platform
 * sessions: they open the userinfo endpoint and nothing else.
 */
export const oauthRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = async (
  app,
  { services },
) => {
  const store = new OAuthStore(services.sql, {
    now: services.now,
    codeTtlMs: CODE_TTL_MS,
    accessTtlMs: PARTNER_ACCESS_TTL_MS,
    refreshTtlMs: PARTNER_REFRESH_TTL_MS,
  });
  const registrations = loadClientRegistrations(
    {
      EDUDESK_DEMO_PORTAL_SECRET: services.options.demoPortalSecret,
      EDUDESK_OAUTH_CLIENTS_FILE: services.options.oauthClientsFile,
    },
    services.linkOrigins.publicOrigin,
    // Production registers only the operator's partners (docs/security.md, "Modes").
    services.options.mode !== 'production',
  );
  await store.register(registrations);

  app.get(OAUTH_PATHS.metadata, async (request, reply) => {
    const issuer = await issuerOf(request, services);
    return reply.header('cache-control', 'no-cache').send({
      issuer,
      authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
      token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
      userinfo_endpoint: `${issuer}${OAUTH_PATHS.userinfo}`,
      scopes_supported: ['profile'],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: [PKCE_METHOD],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      authorization_response_iss_parameter_supported: true,
      service_documentation: `${issuer}${OAUTH_PATHS.authorize}`,
    });
  });

  // The authorisation page: the web build's index.html, with a policy of its own.
  app.get(OAUTH_PATHS.authorize, async (_request, reply) => {
    let html: Buffer;
    try {
      html = await fs.readFile(path.join(path.resolve(services.options.webRoot), 'index.html'));
    } catch {
      return sendHtmlPage(reply, 503);
    }
    return sendAuthorizePage(reply).send(html);
  });

  app.get(
    OAUTH_PATHS.clientInfo,
    { schema: { querystring: ClientInfoQuerySchema } },
    async (request, reply) => {
      const check = await checkClient(store, request.query.client_id, request.query.redirect_uri);
      if (check.kind === 'refused')
        return reply.code(400).send(fail(400, check.code, check.message));
      const info: OAuthClientInfo = {
        clientId: check.client.clientId,
        name: check.client.name,
        logoUri: check.client.logoUri,
        scopes: check.client.scopes,
      };
      return ok(info);
    },
  );

  app.post(
    API.webAuth,
    { schema: { body: WebAuthBodySchema }, preHandler: requireAuth(services) },
    async (request, reply) => {
      const body = request.body;
      const check = await checkClient(store, body.client_id, body.redirect_uri);
      if (check.kind === 'refused')
        return reply.code(400).send(fail(400, check.code, check.message));
      const { client, redirectUri } = check;
      const { user, unit } = authOf(request);
      // From here on errors go back to the validated redirect URI (RFC 6749 §4.1.2.1).
      const base = {
        state: body.state === '' ? undefined : body.state,
        source: sourceOf(request),
        iss: await issuerOf(request, services),
      };
      const refuse = (error: string, description: string) =>
        ok(answerUrl(redirectUri, { error, error_description: description, ...base }));

      if (body.decision === 'deny') return refuse('access_denied', 'The user denied the request');
      if (body.response_type !== 'code') {
        return refuse('unsupported_response_type', 'Only the authorization code flow is supported');
      }
      const requested = (body.scope ?? '').split(' ').filter((scope) => scope !== '');
      const scopes = requested.length === 0 ? client.scopes : [...new Set(requested)];
      if (!scopes.every((scope) => client.scopes.includes(scope))) {
        return refuse('invalid_scope', 'The requested scope is not registered for this client');
      }
      const challenge = body.code_challenge ?? '';
      const method = body.code_challenge_method ?? '';
      if (challenge === '') {
        if (method !== '')
          return refuse('invalid_request', 'code_challenge_method without code_challenge');
        if (client.secretHash === undefined) {
          return refuse('invalid_request', 'PKCE (S256) is required for public clients');
        }
      } else if (method !== PKCE_METHOD || !isS256Challenge(challenge)) {
        // An absent method means plain (RFC 7636 §4.3): refused like plain itself.
        return refuse('invalid_request', 'code_challenge_method must be S256');
      }
      const code = await store.issueCode({
        clientId: client.clientId,
        redirectUri,
        userId: user.id,
        unitId: unit.id,
        scope: scopes.join(' '),
        codeChallenge: challenge === '' ? undefined : challenge,
      });
      return ok(answerUrl(redirectUri, { code, ...base }));
    },
  );

  app.post(OAUTH_PATHS.token, (request, reply) =>
    handleTokenRequest(request, reply, { services, store }),
  );

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="EduDesk"')
        .send({ error: 'invalid_request', error_description: 'A Bearer token is required' });
    }
    const record = await store.findAccessToken(match[1]);
    const account = record && (await activeAccountOnHost(services, request, record.userId));
    if (!record || account?.unit.id !== record.unitId) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="EduDesk", error="invalid_token"')
        .send({
          error: 'invalid_token',
          error_description: 'The access token is invalid or has expired',
        });
    }
    const { user, unit } = account;
    const profile = record.scope.split(' ').includes('profile');
    return reply.send({
      sub: String(user.id),
      ...(profile
        ? {
            name: user.realName,
            preferred_username: user.loginName,
            unit_id: String(unit.id),
            unit_name: unit.name,
            user_type: user.userType,
          }
        : {}),
    });
  };
  app.get(OAUTH_PATHS.userinfo, userinfo);
  app.post(OAUTH_PATHS.userinfo, userinfo);

  await app.register(demoPartnerRoutes, { services, registrations });
};

/** The authorisation page's headers: the HTML policy, but never framed and no Referer. */
export function sendAuthorizePage(reply: FastifyReply): FastifyReply {
  setHtmlSecurityHeaders(reply);
  const csp = String(reply.getHeader('content-security-policy')).replace(
    "frame-ancestors 'self'",
    AUTHORIZE_PAGE_CSP_FRAME,
  );
  return reply
    .header('content-security-policy', csp)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8');
}

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { CurrentUserWireSchema, MeQuerySchema } from '../../contract/auth';
import { envelopeSchema } from '../../contract/envelope-schema';
import { HEADER_SIGNATURE } from '../../contract/http-headers';
import {
  activeAccountOnHost,
  accessTokenOf,
  authOf,
  refreshTokenOf,
  requireAuth,
  sendUnauthorized,
} from '../auth/authenticate';
import { clearSessionCookies } from '../auth/session-cookies';
import { signResponse } from '../auth/response-signature';
import { CurrentChildStore } from '../base/current-child';
import { ok } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { ServicesPluginOptions } from '../services';
import { isParent, toCurrentUserWire } from './current-user';
import { answerWithSession, sessionMeta } from './start-session';

/** The current user, refresh and logout (spec §7 authentication, §4 session expiry, logout). */
export const sessionRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const { sessions, users } = services;
  const currentChild = new CurrentChildStore(services.sql);

  app.get(
    API.me,
    {
      // The response schema compiles a dedicated serializer (and pins the wire shape).
      schema: {
        querystring: MeQuerySchema,
        response: { 200: envelopeSchema(CurrentUserWireSchema) },
      },
      // The current user answers while a one-time password waits to be changed, and says so.
      preHandler: requireAuth(services, { duringPasswordChange: true }),
    },
    async (request, reply) => {
      const { user, unit, accessToken, session } = authOf(request);
      const children = isParent(user) ? await users.children(user.id) : [];
      const chosen = isParent(user) ? await currentChild.childIdOf(user.id) : undefined;
      const wire = toCurrentUserWire(user, unit, children, accessToken, chosen);
      wire.mustChangePassword = await services.passwordChange.required(session);
      const nonce = request.query.signature;
      if (nonce !== undefined && nonce !== '') {
        void reply.header(HEADER_SIGNATURE, signResponse(nonce));
      }
      return ok(wire);
    },
  );

  // Rotation: a refresh token is good for one exchange; the old session is revoked with it. The
  // session's user and unit must still be active, and of the host's unit (the tenancy rule). A
  // refresh token presented again ends its whole session family (reuse detection).
  app.get(API.refresh, async (request, reply) => {
    const refreshToken = refreshTokenOf(request);
    const rotation =
      refreshToken === undefined
        ? undefined
        : await sessions.rotate(refreshToken, sessionMeta(request), (session) =>
            activeAccountOnHost(services, request, session.userId),
          );
    if (rotation?.kind === 'replayed') {
      request.log.warn(
        { familyId: rotation.familyId },
        'refresh token presented again: session family ended',
      );
    }
    if (rotation?.kind !== 'rotated') {
      // Clearing the cookies keeps a client from presenting the dead token again.
      clearSessionCookies(reply, services.options.secureCookies);
      return sendUnauthorized(reply, 'invalid_refresh', MESSAGES.invalidRefresh);
    }
    const { user, unit } = rotation.accepted;
    return answerWithSession(services, reply, rotation.tokens, user, unit);
  });

  // Idempotent: answers success with or without a session, and always clears the cookies. The
  // session's whole family ends: the sessions refreshed, relogged or switched from the same
  // sign-in, and the sign-in itself.
  app.post(API.logout, async (request, reply) => {
    const accessToken = accessTokenOf(request);
    const refreshToken = refreshTokenOf(request);
    const session =
      (accessToken === undefined ? undefined : await sessions.findByAccessToken(accessToken)) ??
      (refreshToken === undefined ? undefined : await sessions.findByRefreshToken(refreshToken));
    if (session) await sessions.endFamily(session.familyId);
    clearSessionCookies(reply, services.options.secureCookies);
    return reply.send(ok(true));
  });

  return Promise.resolve();
};

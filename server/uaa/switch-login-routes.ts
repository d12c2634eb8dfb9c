import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { SwitchLoginQuerySchema } from '../../contract/desktop';
import { activeAccountOnHost, authOf, requireAuth, sendUnauthorized } from '../auth/authenticate';
import { BASE_MESSAGES, refuse } from '../base/base-messages';
import type { ServicesPluginOptions } from '../services';
import { sessionMeta, answerWithSession, toLoginData } from './start-session';
import { IdentityLinks } from './switch-login-links';
import { ok } from '../http/envelope';

/**
 * The role switcher's call (spec §6, §7 GET /api/uaa/switch/login?userId=): moves the session to
 * the linked teacher or parent identity of the same person. Only a stored link allows it, to an
 * identity of the host's unit (the tenancy rule); the old session is revoked and a new one of
 * the same session family starts for the target, answered like a login.
 */
export const switchLoginRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const { sessions } = services;
  const links = new IdentityLinks(services.sql);

  app.get(
    API.switchLogin,
    { schema: { querystring: SwitchLoginQuerySchema }, onRequest: requireAuth(services) },
    async (request, reply) => {
      const { user, unit, session } = authOf(request);
      const targetId = Number(request.query.userId);
      // Already that identity: nothing to switch.
      if (targetId === user.id) return reply.send(ok(toLoginData(user, unit)));
      if (!(await links.areLinked(user.id, targetId)))
        return reply.send(refuse(BASE_MESSAGES.notLinked));
      const target = await activeAccountOnHost(services, request, targetId);
      if (!target) return reply.send(refuse(BASE_MESSAGES.accountUnavailable));
      const tokens = await sessions.replace(session, target.user.id, sessionMeta(request));
      // A parallel request (a logout, another switch) ended the session meanwhile.
      if (!tokens) return sendUnauthorized(reply);
      return answerWithSession(services, reply, tokens, target.user, target.unit);
    },
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { SwitchLoginQuerySchema } from '../../contract/desktop';
import { ACTIVE_STATUS, authOf, requireAuth } from '../auth/authenticate';
import { BASE_MESSAGES, refuse } from '../base/base-messages';
import type { ServicesPluginOptions } from '../services';
import { servesUnit } from '../tenancy/host-unit';
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
  const { users, units, sessions } = services;
  const links = new IdentityLinks(services.db);

  app.get(
    API.switchLogin,
    { schema: { querystring: SwitchLoginQuerySchema }, onRequest: requireAuth(services) },
    (request, reply) => {
      const { user, unit, session } = authOf(request);
      const targetId = Number(request.query.userId);
      // Already that identity: nothing to switch.
      if (targetId === user.id) return reply.send(ok(toLoginData(user, unit)));
      if (!links.areLinked(user.id, targetId)) return reply.send(refuse(BASE_MESSAGES.notLinked));
      const target = users.findById(targetId);
      const targetUnit = target && units.findById(target.unitId);
      if (
        target?.userStatus !== ACTIVE_STATUS ||
        targetUnit?.unitStatus !== ACTIVE_STATUS ||
        !servesUnit(units, request, targetUnit.id)
      ) {
        return reply.send(refuse(BASE_MESSAGES.accountUnavailable));
      }
      const tokens = sessions.replace(session, target.id, sessionMeta(request));
      return answerWithSession(services, reply, tokens, target, targetUnit);
    },
  );

  return Promise.resolve();
};

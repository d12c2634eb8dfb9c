import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { INVALID_GRANT, TicketLoginBodySchema, type IssuedTicket } from '../../contract/auth';
import { activeAccountOnHost, authOf, requireAuth } from '../auth/authenticate';
import { fail, ok } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { ServicesPluginOptions } from '../services';
import { LoginTicketStore } from './login-tickets';
import { signIn } from './start-session';

/**
 * Login tickets (spec §4 step 4, §7 "ticket exchange on a configurable path"): a signed-in user
 * (or a page acting for them) asks for a one-time ticket and hands it to another page or
 * application, which exchanges it here for a session of its own. A replayed, expired or unknown
 * ticket, or one of a sign-in that has ended, is refused like a wrong password (invalid_grant).
 */
export const ticketRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const tickets = new LoginTicketStore(services.sql, services.now);

  app.post(API.ticketIssue, { onRequest: requireAuth(services) }, async (request) => {
    const { user, session } = authOf(request);
    const issued: IssuedTicket = await tickets.issue(user.id, session.familyId);
    return ok(issued);
  });

  app.post(API.ticketLogin, { schema: { body: TicketLoginBodySchema } }, async (request, reply) => {
    const redemption = await tickets.redeem(request.body.ticket.trim());
    const account =
      redemption.kind === 'redeemed'
        ? await activeAccountOnHost(services, request, redemption.userId)
        : undefined;
    if (redemption.kind !== 'redeemed' || !account) {
      return reply.send(fail(400, INVALID_GRANT, MESSAGES.invalidTicket));
    }
    return signIn(services, request, reply, account.user, account.unit, redemption.familyId);
  });

  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { INVALID_GRANT, LoginBodySchema, ReloginBodySchema } from '../../contract/auth';
import { resolveAccessToken } from '../auth/authenticate';
import { fail } from '../http/envelope';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages';
import type { ServicesPluginOptions } from '../services';
import { passwordAttemptFor, sendFailedAttempt } from './password-attempt';
import { signIn } from './start-session';

/**
 * Password login and relogin (spec §7 authentication). Business failures are HTTP 200 with the
 * failure in the envelope's status, as the client's login result handling expects (spec §4):
 * 400 + invalid_grant for wrong credentials, 429 + too_many_attempts when throttled,
 * 403 for a disabled account (not 400: a 400 with another code would open the binding page).
 */
export const loginRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  app.post(API.login, { schema: { body: LoginBodySchema } }, async (request, reply) => {
    const username = request.body.username.trim();
    if (username === '') {
      return reply.code(400).send(
        fail(400, 'invalid_request', MESSAGES.invalidRequest, {
          fieldErrors: [{ field: 'username', message: FIELD_MESSAGES.required('username') }],
        }),
      );
    }

    const outcome = await passwordAttemptFor(services, request, username, request.body.password);
    if (outcome.kind !== 'ok') return sendFailedAttempt(services, reply, outcome);
    return signIn(services, request, reply, outcome.user, outcome.unit);
  });

  // A still-valid access token handed over by another application (e.g. in a URL, spec §4
  // step 5) buys this client a session of its own, in the giver's family: it ends with the
  // giver's session (logout, a replayed refresh token), and a logout here ends the giver's too.
  app.post(API.relogin, { schema: { body: ReloginBodySchema } }, async (request, reply) => {
    const auth = await resolveAccessToken(services, request, request.body.accessToken.trim());
    if (!auth) return reply.send(fail(400, INVALID_GRANT, MESSAGES.invalidAccessToken));
    return signIn(services, request, reply, auth.user, auth.unit, auth.session.familyId);
  });

  return Promise.resolve();
};

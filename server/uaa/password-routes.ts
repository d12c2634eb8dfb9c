import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import {
  ChangePasswordBodySchema,
  INVALID_GRANT,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REFUSED,
} from '../../contract/auth';
import { authOf, requireAuth } from '../auth/authenticate';
import { HashingBusyError } from '../auth/password-hasher';
import { isGuessable } from '../auth/password-strength';
import { fail, ok } from '../http/envelope';
import { MESSAGES, passwordTooShort } from '../http/messages';
import type { ServicesPluginOptions } from '../services';
import type { Unit } from '../tenancy/units';
import { passwordAttemptFor, sendFailedAttempt, sendSignInBusy } from './password-attempt';
import type { User } from './users';

/**
 * What is wrong with a new password, or undefined: shorter than PASSWORD_MIN_LENGTH characters
 * (as a person counts them), the current password again, or guessable by zxcvbn's rule for
 * every password a person sets (server/auth/password-strength.ts), the account's own words
 * (names, the unit's) counted as guessable.
 */
function newPasswordProblem(
  oldPassword: string,
  newPassword: string,
  user: User,
  unit: Unit,
): string | undefined {
  const length = Array.from(new Intl.Segmenter().segment(newPassword)).length;
  if (length < PASSWORD_MIN_LENGTH) return passwordTooShort(PASSWORD_MIN_LENGTH);
  if (newPassword === oldPassword) return MESSAGES.passwordSame;
  const related = [user.loginName, user.realName, unit.name, unit.enName];
  if (isGuessable(newPassword, related)) return MESSAGES.passwordGuessable;
  return undefined;
}

/**
 * The signed-in user changes their password (docs/security.md, "First sign-in password change"):
 * the one way out of a one-time password, and open to every user. The current password is
 * checked as a sign-in is, under the same throttle (a wrong one counts as a failed sign-in and
 * may lock the account); the new one must pass the strength rule. The new hash is made in the
 * hashing pool; the flag is cleared and every other session of the account ends, this one goes
 * on. Business refusals are HTTP 200 with the failure in the envelope, as the login's are.
 */
export const passwordRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  app.post(
    API.changePassword,
    {
      schema: { body: ChangePasswordBodySchema },
      preHandler: requireAuth(services, { duringPasswordChange: true }),
    },
    async (request, reply) => {
      const { user, unit, session } = authOf(request);
      const { oldPassword, newPassword } = request.body;

      // Checked first: it costs no hash and counts no guess.
      const problem = newPasswordProblem(oldPassword, newPassword, user, unit);
      if (problem !== undefined) {
        return reply.send(
          fail(400, PASSWORD_REFUSED, MESSAGES.passwordRefused, {
            fieldErrors: [{ field: 'newPassword', message: problem }],
          }),
        );
      }

      const outcome = await passwordAttemptFor(services, request, user.loginName, oldPassword);
      if (outcome.kind === 'invalid') {
        return reply.send(
          fail(400, INVALID_GRANT, MESSAGES.currentPasswordWrong, {
            fieldErrors: [{ field: 'oldPassword', message: MESSAGES.currentPasswordWrong }],
            ...(outcome.remaining === undefined ? {} : { data: { remaining: outcome.remaining } }),
          }),
        );
      }
      if (outcome.kind !== 'ok') return sendFailedAttempt(services, reply, outcome);

      let hash: string;
      try {
        hash = await services.hasher.hash(newPassword);
      } catch (error) {
        if (!(error instanceof HashingBusyError)) throw error;
        return sendSignInBusy(reply);
      }
      // The new password and the end of the account's other sessions commit together: a
      // password changed while a stolen session lives on is what the change must not leave.
      await services.sessions.endOtherSessions(user.id, session.sessionId, (tx) =>
        services.passwordChange.change(user.id, hash, tx),
      );
      request.log.info({ userId: user.id }, 'password changed');
      return reply.send(ok(true));
    },
  );

  return Promise.resolve();
};

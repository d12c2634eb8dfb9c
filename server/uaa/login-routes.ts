import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { INVALID_GRANT, LoginBodySchema, ReloginBodySchema } from '../../contract/auth';
import { ACTIVE_STATUS, resolveAccessToken } from '../auth/authenticate';
import { KeyedLock } from '../auth/keyed-lock';
import { sendTooManyAttempts, type ThrottleKey } from '../auth/throttle';
import { verifyPassword } from '../auth/password';
import { fail } from '../http/envelope';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages';
import type { Services, ServicesPluginOptions } from '../services';
import { servesUnit } from '../tenancy/host-unit';
import type { Unit } from '../tenancy/units';
import type { User } from './users';
import { signIn } from './start-session';

type LoginOutcome =
  | { kind: 'throttled'; retryAfter: number }
  | { kind: 'invalid' }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'ok'; user: User; unit: Unit };

/**
 * One sign-in attempt: throttle check, password check (timing-safe for unknown users), the
 * tenancy rule, status. `onHostUnit` tells whether a unit is the one of the request's host.
 */
async function attempt(
  services: Services,
  username: string,
  password: string,
  onHostUnit: (unitId: number) => boolean,
  accountKey: ThrottleKey,
  addressKey: ThrottleKey,
): Promise<LoginOutcome> {
  const { throttle, users, units } = services;
  const keys = [accountKey, addressKey];
  const retryAfter = throttle.retryAfterSeconds(keys);
  if (retryAfter > 0) return { kind: 'throttled', retryAfter };

  const account = users.findCredentials(username);
  const hash = account?.passwordHash ?? (await services.decoyPasswordHash());
  const passwordOk = await verifyPassword(password, hash);
  // A user of another unit than the host's is refused like a wrong password, and counted like
  // one: the answer tells nothing about the account (not even whether it is disabled).
  if (!account || !passwordOk || !onHostUnit(account.user.unitId)) {
    throttle.recordFailure(keys);
    return { kind: 'invalid' };
  }
  throttle.clear(accountKey);

  const { user } = account;
  if (user.userStatus !== ACTIVE_STATUS) {
    return { kind: 'refused', code: 'account_disabled', message: MESSAGES.accountDisabled };
  }
  const unit = units.findById(user.unitId);
  if (unit?.unitStatus !== ACTIVE_STATUS) {
    return { kind: 'refused', code: 'unit_disabled', message: MESSAGES.unitDisabled };
  }
  return { kind: 'ok', user, unit };
}

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
  const { throttle } = services;
  const attempts = new KeyedLock();

  app.post(API.login, { schema: { body: LoginBodySchema } }, async (request, reply) => {
    const username = request.body.username.trim();
    if (username === '') {
      return reply.code(400).send(
        fail(400, 'invalid_request', MESSAGES.invalidRequest, {
          fieldErrors: [{ field: 'username', message: FIELD_MESSAGES.required('username') }],
        }),
      );
    }

    // One attempt at a time per account, so a burst cannot outrun the failure count.
    const accountKey = throttle.accountKey(username);
    const outcome = await attempts.run(accountKey.key, () =>
      attempt(
        services,
        username,
        request.body.password,
        (unitId) => servesUnit(services.units, request, unitId),
        accountKey,
        throttle.addressKey(request.ip),
      ),
    );
    switch (outcome.kind) {
      case 'throttled':
        return sendTooManyAttempts(reply, outcome.retryAfter);
      case 'invalid':
        return reply.send(fail(400, INVALID_GRANT, MESSAGES.invalidGrant));
      case 'refused':
        return reply.send(fail(403, outcome.code, outcome.message));
      case 'ok':
        return signIn(services, request, reply, outcome.user, outcome.unit);
    }
  });

  // A still-valid access token handed over by another application (e.g. in a URL, spec §4
  // step 5) buys this client a session of its own, in the giver's family: it ends with the
  // giver's session (logout, a replayed refresh token), and a logout here ends the giver's too.
  app.post(API.relogin, { schema: { body: ReloginBodySchema } }, (request, reply) => {
    const auth = resolveAccessToken(services, request, request.body.accessToken.trim());
    if (!auth) return reply.send(fail(400, INVALID_GRANT, MESSAGES.invalidAccessToken));
    return signIn(services, request, reply, auth.user, auth.unit, auth.session.familyId);
  });

  return Promise.resolve();
};

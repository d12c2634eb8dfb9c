import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_GRANT } from '../../contract/auth';
import { ACTIVE_STATUS } from '../auth/authenticate';
import { KeyedLock } from '../auth/keyed-lock';
import { verifyPassword } from '../auth/password';
import { sendTooManyAttempts, type ThrottleKey } from '../auth/throttle';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { Services } from '../services';
import { servesUnit } from '../tenancy/host-unit';
import type { Unit } from '../tenancy/units';
import type { User } from './users';

export type LoginOutcome =
  | { kind: 'throttled'; retryAfter: number }
  | { kind: 'invalid' }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'ok'; user: User; unit: Unit };

/**
 * One sign-in attempt: throttle check, password check (timing-safe for unknown users), the
 * tenancy rule, status. `onHostUnit` tells whether a unit is the one of the request's host.
 */
export async function passwordAttempt(
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

/** One lock per server: the password login and the binding page share the per-account order. */
const locks = new WeakMap<Services, KeyedLock>();

/**
 * A password attempt for a request: one at a time per account (a burst cannot outrun the failure
 * count), on the request's host unit, counted against the account and the client address.
 */
export function passwordAttemptFor(
  services: Services,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<LoginOutcome> {
  let lock = locks.get(services);
  if (!lock) {
    lock = new KeyedLock();
    locks.set(services, lock);
  }
  const { throttle } = services;
  const accountKey = throttle.accountKey(username);
  return lock.run(accountKey.key, () =>
    passwordAttempt(
      services,
      username,
      password,
      (unitId) => servesUnit(services.units, request, unitId),
      accountKey,
      throttle.addressKey(request.ip),
    ),
  );
}

/**
 * Answers a failed attempt as the login result handling expects (spec §4): 429 when throttled,
 * 400 + invalid_grant for wrong credentials, 403 for a disabled account or unit.
 */
export function sendFailedAttempt(
  reply: FastifyReply,
  outcome: Exclude<LoginOutcome, { kind: 'ok' }>,
): FastifyReply {
  switch (outcome.kind) {
    case 'throttled':
      return sendTooManyAttempts(reply, outcome.retryAfter);
    case 'invalid':
      return reply.send(fail(400, INVALID_GRANT, MESSAGES.invalidGrant));
    case 'refused':
      return reply.send(fail(403, outcome.code, outcome.message));
  }
}

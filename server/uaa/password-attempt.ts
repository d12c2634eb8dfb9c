import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_GRANT } from '../../contract/auth';
import { ACTIVE_STATUS } from '../auth/authenticate';
import { KeyedLock } from '../auth/keyed-lock';
import type { Admission } from '../auth/login-guard';
import { hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { Services } from '../services';
import { servesUnit } from '../tenancy/host-unit';
import type { Unit } from '../tenancy/units';
import type { User } from './users';

export type LoginOutcome =
  | { kind: 'refused-by-guard'; admission: Exclude<Admission, { kind: 'go' }> }
  | { kind: 'invalid' }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'ok'; user: User; unit: Unit };

/**
 * One sign-in attempt: the throttle's rules (server/auth/login-guard.ts), the password check
 * (timing-safe for unknown users), the tenancy rule, status. `onHostUnit` tells whether a unit
 * is the one of the request's host.
 */
async function passwordAttempt(
  services: Services,
  request: FastifyRequest,
  username: string,
  password: string,
  onHostUnit: (unitId: number) => Promise<boolean>,
): Promise<LoginOutcome> {
  const { loginGuard, users, units, options } = services;
  const account = await users.findCredentials(username);
  const admission = await loginGuard.admit(request, {
    account: username,
    userId: account?.user.id,
  });
  if (admission.kind !== 'go') return { kind: 'refused-by-guard', admission };

  const hash = account?.passwordHash ?? (await services.decoyPasswordHash());
  const passwordOk = await verifyPassword(password, hash);
  // A user of another unit than the host's is refused like a wrong password, and counted like
  // one: the answer tells nothing about the account (not even whether it is disabled).
  if (!account || !passwordOk || !(await onHostUnit(account.user.unitId))) {
    await loginGuard.failed(admission);
    return { kind: 'invalid' };
  }
  await loginGuard.succeeded(admission);
  if (needsRehash(account.passwordHash, options.scryptCost)) {
    // The stored form carries its cost: a hash from before a cost rise is replaced now that
    // the password is known (server/auth/password.ts).
    const upgraded = await hashPassword(password, options.scryptCost);
    await users.replacePasswordHash(account.user.id, account.passwordHash, upgraded);
  }

  const { user } = account;
  if (user.userStatus !== ACTIVE_STATUS) {
    return { kind: 'refused', code: 'account_disabled', message: MESSAGES.accountDisabled };
  }
  const unit = await units.findById(user.unitId);
  if (unit?.unitStatus !== ACTIVE_STATUS) {
    return { kind: 'refused', code: 'unit_disabled', message: MESSAGES.unitDisabled };
  }
  return { kind: 'ok', user, unit };
}

/** One lock per server: the password login and the binding page share the per-account order. */
const locks = new WeakMap<Services, KeyedLock>();

/**
 * A password attempt for a request: one at a time per account (a burst cannot outrun the failure
 * count), on the request's host unit, under the throttle's rules for the account, the browser
 * and the client address.
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
  return lock.run(username.toLowerCase(), () =>
    passwordAttempt(services, request, username, password, (unitId) =>
      servesUnit(services.units, request, unitId),
    ),
  );
}

/**
 * Answers a failed attempt as the login result handling expects (spec §4): 429 when throttled,
 * 428 with a challenge when the address must prove work, 400 + invalid_grant for wrong
 * credentials, 403 for a disabled account or unit.
 */
export function sendFailedAttempt(
  services: Services,
  reply: FastifyReply,
  outcome: Exclude<LoginOutcome, { kind: 'ok' }>,
): FastifyReply | Promise<FastifyReply> {
  switch (outcome.kind) {
    case 'refused-by-guard':
      return services.loginGuard.refuse(reply, outcome.admission);
    case 'invalid':
      return reply.send(fail(400, INVALID_GRANT, MESSAGES.invalidGrant));
    case 'refused':
      return reply.send(fail(403, outcome.code, outcome.message));
  }
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVALID_GRANT, SIGN_IN_BUSY } from '../../contract/auth';
import { ACTIVE_STATUS } from '../auth/authenticate';
import { KeyedLock } from '../auth/keyed-lock';
import type { Admission } from '../auth/login-guard';
import { loginKey } from '../auth/login-name';
import { needsRehash } from '../auth/password';
import { HashingBusyError } from '../auth/password-hasher';
import { fail } from '../http/envelope';
import type { SignInOutcome } from '../http/metrics';
import { MESSAGES } from '../http/messages';
import type { Services } from '../services';
import { servesUnit } from '../tenancy/host-unit';
import type { Unit } from '../tenancy/units';
import type { User } from './users';

export type LoginOutcome =
  | { kind: 'refused-by-guard'; admission: Exclude<Admission, { kind: 'go' }> }
  | { kind: 'invalid'; remaining: number | undefined }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'busy' }
  | { kind: 'ok'; user: User; unit: Unit };

/** Seconds a sign-in refused as busy is told to wait (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * One sign-in attempt: the throttle's rules (server/auth/login-guard.ts: the attempt is counted
 * before it is hashed), the password check in the hashing pool (timing-safe for unknown users),
 * the tenancy rule, status. `onHostUnit` tells whether a unit is the one of the request's host.
 */
async function passwordAttempt(
  services: Services,
  request: FastifyRequest,
  key: string,
  password: string,
  onHostUnit: (unitId: number) => Promise<boolean>,
): Promise<LoginOutcome> {
  const { loginGuard, users, units, hasher, options } = services;
  const account = await users.findCredentials(key);
  const admission = await loginGuard.admit(request, { loginKey: key, userId: account?.user.id });
  if (admission.kind !== 'go') return { kind: 'refused-by-guard', admission };

  let passwordOk: boolean;
  try {
    const hash = account?.passwordHash ?? (await services.decoyPasswordHash());
    passwordOk = await hasher.verify(password, hash);
  } catch (error) {
    // The hashing queue is full: no guess was checked, so none is counted.
    await loginGuard.withdrawn(admission);
    if (error instanceof HashingBusyError) return { kind: 'busy' };
    throw error;
  }
  // A user of another unit than the host's is refused like a wrong password, and counted like
  // one: the answer tells nothing about the account (not even whether it is disabled).
  if (!account || !passwordOk || !(await onHostUnit(account.user.unitId))) {
    return { kind: 'invalid', remaining: loginGuard.failed(admission) };
  }
  await loginGuard.succeeded(admission);
  if (needsRehash(account.passwordHash, options.passwordCost)) {
    // The stored form carries its algorithm and cost: an older hash (scrypt, or a lower cost) is
    // replaced now that the password is known (server/auth/password.ts). A full queue leaves it
    // for the next sign-in.
    const upgraded = await hasher.hash(password).catch((error: unknown) => {
      if (error instanceof HashingBusyError) return undefined;
      throw error;
    });
    if (upgraded) await users.replacePasswordHash(account.user.id, account.passwordHash, upgraded);
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

/** What one server keeps for password attempts: the per-account order and the per-address count. */
interface AttemptState {
  accounts: KeyedLock;
  inFlight: Map<string, number>;
}

const states = new WeakMap<Services, AttemptState>();

function stateOf(services: Services): AttemptState {
  let state = states.get(services);
  if (!state) {
    state = { accounts: new KeyedLock(), inFlight: new Map() };
    states.set(services, state);
  }
  return state;
}

/**
 * A password attempt for a request: at most `maxInFlightPerAddress` at once from one client
 * address (more are answered busy at once, so a burst cannot fill the hashing queue or the
 * memory), one at a time per account (a burst cannot outrun the failure count), on the request's
 * host unit, under the throttle's rules for the account, the browser and the client address.
 */
export async function passwordAttemptFor(
  services: Services,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<LoginOutcome> {
  const { accounts, inFlight } = stateOf(services);
  const address = request.ip;
  const running = inFlight.get(address) ?? 0;
  if (running >= services.options.throttle.maxInFlightPerAddress) {
    services.metrics.signIn('password', 'busy');
    return { kind: 'busy' };
  }
  inFlight.set(address, running + 1);
  try {
    const key = loginKey(username);
    const outcome = await accounts.run(key, () =>
      passwordAttempt(services, request, key, password, (unitId) =>
        servesUnit(services.units, request, unitId),
      ),
    );
    services.metrics.signIn('password', metricOutcome(outcome));
    return outcome;
  } finally {
    const left = (inFlight.get(address) ?? 1) - 1;
    if (left > 0) inFlight.set(address, left);
    else inFlight.delete(address);
  }
}

/** How an attempt is counted in `edudesk_sign_ins_total` (server/http/metrics.ts). */
function metricOutcome(outcome: LoginOutcome): SignInOutcome {
  switch (outcome.kind) {
    case 'ok':
      return 'success';
    case 'invalid':
      return 'failure';
    case 'refused':
      return 'refused';
    case 'busy':
      return 'busy';
    case 'refused-by-guard':
      return outcome.admission.kind;
  }
}

/** HTTP 503 `sign_in_busy`: the hashing threads are full; try again in a moment. */
export function sendSignInBusy(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
    .send(
      fail(503, SIGN_IN_BUSY, MESSAGES.signInBusy, {
        data: { retryAfter: BUSY_RETRY_AFTER_SECONDS },
      }),
    );
}

/**
 * Answers a failed attempt as the login result handling expects (spec §4): 429 when throttled,
 * 428 with a challenge when the address must prove work, 400 + invalid_grant for wrong
 * credentials (with the tries left before the lock in `data.remaining`), 403 for a disabled
 * account or unit, and HTTP 503 with Retry-After when the server has too many sign-ins at once.
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
      return reply.send(
        fail(
          400,
          INVALID_GRANT,
          MESSAGES.invalidGrant,
          outcome.remaining === undefined ? {} : { data: { remaining: outcome.remaining } },
        ),
      );
    case 'refused':
      return reply.send(fail(403, outcome.code, outcome.message));
    case 'busy':
      return sendSignInBusy(reply);
  }
}

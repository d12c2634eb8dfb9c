import { INVALID_GRANT, SIGN_IN_BUSY, TOO_MANY_ATTEMPTS } from '../../../contract/auth-codes';
import type { LoginData } from '../../../contract/auth';
import { isWireRecord, wireText } from '../../core/wire';
import { type ApiEnvelope, SUCCESS_STATUS } from '../../../contract/envelope';
import { serverText } from '../../core/i18n/traditional';

/**
 * The login result (spec §4): status 200 is a success; status 400 with a code other than
 * invalid_grant goes to the binding page (a third-party identity not yet bound to an account);
 * any other answer is shown as an error notification.
 */
export type LoginResult =
  | { kind: 'success'; data: LoginData }
  | { kind: 'bind'; code: string; openid: string; unionid: string }
  | { kind: 'error'; message: string; wait?: LoginWait; remaining?: number };

/**
 * A refusal the user must wait out before trying again: the account is locked after too many
 * wrong passwords (429), or the server has too many sign-ins at once (503).
 */
export interface LoginWait {
  reason: 'locked' | 'busy';
  seconds: number;
}

/**
 * The wait of a busy answer without a figure in `data.retryAfter` (the reference server sends one,
 * server/uaa/password-attempt.ts; the Retry-After header is not handed to the caller).
 */
export const BUSY_WAIT_SECONDS = 2;
/** The wait of a lock answer without a figure (the server's default lock is 300 seconds). */
const LOCK_WAIT_SECONDS = 60;

/** A whole number of seconds above zero, or undefined. */
function positiveSeconds(value: unknown): number | undefined {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined;
}

/** The tries left before the lock (`data.remaining` of a wrong password), or undefined. */
function remainingTries(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function asRecord(value: unknown): Record<string, unknown> {
  return isWireRecord(value) ? value : {};
}

/** Normalises login data: every field a string, unitType "2" when absent (spec §3). */
export function normaliseLoginData(data: unknown): LoginData {
  const record = asRecord(data);
  return {
    unitType: wireText(record.unitType) || '2',
    unitId: wireText(record.unitId),
    userType: wireText(record.userType),
    openid: wireText(record.openid),
    unionid: wireText(record.unionid),
  };
}

export function interpretLogin(
  envelope: ApiEnvelope,
  lang: string,
  fallbackMessage: string,
): LoginResult {
  if (envelope.status === SUCCESS_STATUS) {
    return { kind: 'success', data: normaliseLoginData(envelope.data) };
  }
  if (envelope.status === 400 && envelope.code !== '' && envelope.code !== INVALID_GRANT) {
    const data = asRecord(envelope.data);
    return {
      kind: 'bind',
      code: envelope.code,
      openid: wireText(data.openid),
      unionid: wireText(data.unionid),
    };
  }
  const message = serverText(envelope.message, lang) || fallbackMessage;
  const data = asRecord(envelope.data);
  if (envelope.code === TOO_MANY_ATTEMPTS || envelope.status === 429) {
    const seconds = positiveSeconds(data.retryAfter) ?? LOCK_WAIT_SECONDS;
    return { kind: 'error', message, wait: { reason: 'locked', seconds } };
  }
  if (envelope.code === SIGN_IN_BUSY || envelope.status === 503) {
    const seconds = positiveSeconds(data.retryAfter) ?? BUSY_WAIT_SECONDS;
    return { kind: 'error', message, wait: { reason: 'busy', seconds } };
  }
  const remaining = envelope.code === INVALID_GRANT ? remainingTries(data.remaining) : undefined;
  return remaining === undefined
    ? { kind: 'error', message }
    : { kind: 'error', message, remaining };
}

/** The binding page for a bind result (spec §2: query id, openid, unionid, deviceId). */
export function bindingPageUrl(
  result: { code: string; openid: string; unionid: string },
  deviceId = '',
): string {
  const query = new URLSearchParams({
    id: result.code,
    openid: result.openid,
    unionid: result.unionid,
    deviceId,
  });
  return `/#/bind/?${query.toString()}`;
}

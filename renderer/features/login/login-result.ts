import { INVALID_GRANT } from '../../../contract/auth-codes';
import type { LoginData } from '../../../contract/auth';
import { isWireRecord, wireText } from '../../core/wire';
import { type ApiEnvelope, splitBilingual, SUCCESS_STATUS } from '../../../contract/envelope';

/**
 * The login result (spec §4): status 200 is a success; status 400 with a code other than
 * invalid_grant goes to the binding page (a third-party identity not yet bound to an account);
 * any other answer is shown as an error notification.
 */
export type LoginResult =
  | { kind: 'success'; data: LoginData }
  | { kind: 'bind'; code: string; openid: string; unionid: string }
  | { kind: 'error'; message: string };

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
  const message = splitBilingual(envelope.message, lang);
  return { kind: 'error', message: message || fallbackMessage };
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

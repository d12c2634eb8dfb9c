import type { ApiEnvelope } from '../../../contract/envelope';

/**
 * Why a call failed:
 * - http: an HTTP status other than 200 (401 excepted, see unauthorized);
 * - business: HTTP 200 whose envelope status is not 200;
 * - network, aborted, timeout: no answer (spec §8 client errors);
 * - unauthorized: 401 and the refresh did not help; re-login has been requested;
 * - signature: a signed answer whose signature does not verify; re-login has been requested;
 * - method-forbidden: put or delete (spec §7: rejected with a warning);
 * - file-type: an object payload on a method other than upload (spec §5, status 501).
 */
export type HttpErrorKind =
  | 'http'
  | 'business'
  | 'network'
  | 'aborted'
  | 'timeout'
  | 'unauthorized'
  | 'signature'
  | 'method-forbidden'
  | 'file-type';

/** Thrown (not translated: a programming error, never shown) for a method outside the list. */
export const REQUEST_METHOD_NOT_SUPPORTED = 'Request method not supported';
/** The rejection of an object payload on a non-upload method (spec §5, §8). */
export const FILE_TYPE_ERROR = 'file type error';
export const FILE_TYPE_ERROR_STATUS = 501;

export interface HttpErrorInit {
  kind: HttpErrorKind;
  message: string;
  /** The HTTP status, the envelope status for 'business', 0 when there was no answer. */
  status?: number;
  code?: string;
  envelope?: ApiEnvelope;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly kind: HttpErrorKind;
  readonly status: number;
  readonly code: string;
  readonly envelope: ApiEnvelope | undefined;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? '';
    this.envelope = init.envelope;
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

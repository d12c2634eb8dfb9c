import {
  OK_CODE,
  SUCCESS_STATUS,
  type ApiEnvelope,
  type FieldError,
} from '../../contract/envelope';

/** A success envelope: status 200, code 'ok'. */
export function ok<T>(data: T): ApiEnvelope<T> {
  return { status: SUCCESS_STATUS, message: '', data, code: OK_CODE, fieldErrors: [] };
}

export interface FailExtras<T> {
  data?: T;
  fieldErrors?: FieldError[];
}

/** An error envelope; `message` should be bilingual (`中文|||English`). */
export function fail<T = null>(
  status: number,
  code: string,
  message: string,
  extras: FailExtras<T> = {},
): ApiEnvelope<T | null> {
  return {
    status,
    message,
    data: extras.data ?? null,
    code,
    fieldErrors: extras.fieldErrors ?? [],
  };
}

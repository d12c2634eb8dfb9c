import { NEVER_RETRY_CODES, type UploadErrorType } from '../../../contract/upload';
import { HttpError } from '../http/errors';

/**
 * A failed step of an upload, typed by spec §8: checkerror (the second-upload check),
 * uploaderror (a single upload or a chunk), uploadunkerror (anything unexpected, e.g. hashing),
 * checkchunkerror (a chunk check), chunkmerge (the merge, or an abnormal chunk count).
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  readonly type: UploadErrorType;
  /** The HTTP status, or the envelope status of a business error; 0 without an answer. */
  readonly status: number;
  readonly code: string;
  /** Worth trying again: no answer, a timeout, or a 5xx not in the never-retry list. */
  readonly retryable: boolean;
  /** The user aborted or paused: not a failure to show. */
  readonly aborted: boolean;

  constructor(init: {
    type: UploadErrorType;
    message: string;
    status?: number;
    code?: string;
    retryable?: boolean;
    aborted?: boolean;
  }) {
    super(init.message);
    this.type = init.type;
    this.status = init.status ?? 0;
    this.code = init.code ?? '';
    this.retryable = init.retryable ?? false;
    this.aborted = init.aborted ?? false;
  }
}

/** The never-retry rule (spec §8): 4xx and business refusals are final. */
export function isRetryable(error: HttpError): boolean {
  if (NEVER_RETRY_CODES.includes(error.code)) return false;
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return true;
    case 'http':
      return error.status >= 500;
    default:
      return false;
  }
}

function isAbort(error: unknown): boolean {
  if (error instanceof HttpError) return error.kind === 'aborted';
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Wraps whatever a step threw in an UploadError of that step's type. */
export function toUploadError(type: UploadErrorType, error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (isAbort(error)) {
    return new UploadError({ type, message: 'aborted', aborted: true });
  }
  if (error instanceof HttpError) {
    return new UploadError({
      type,
      message: error.message,
      status: error.status,
      code: error.code,
      retryable: isRetryable(error),
    });
  }
  return new UploadError({
    type: type === 'checkerror' ? type : 'uploadunkerror',
    message: error instanceof Error ? error.message : String(error),
  });
}

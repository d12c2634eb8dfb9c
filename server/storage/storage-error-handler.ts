import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import { toFieldErrors } from '../http/validation';
import { MALFORMED_MULTIPART, StorageError, STORAGE_MESSAGES } from './storage-errors';

interface Answer {
  status: number;
  code: string;
  message: string;
}

/** Fastify's and @fastify/multipart's own errors, in the platform's words. */
const KNOWN: Partial<Record<string, Answer>> = {
  FST_REQ_FILE_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: STORAGE_MESSAGES.sizeExceeded,
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: STORAGE_MESSAGES.sizeExceeded,
  },
  FST_FILES_LIMIT: { status: 413, code: 'too_many_parts', message: MESSAGES.payloadTooLarge },
  FST_PARTS_LIMIT: { status: 413, code: 'too_many_parts', message: MESSAGES.payloadTooLarge },
  FST_FIELDS_LIMIT: { status: 413, code: 'too_many_parts', message: MESSAGES.payloadTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: MESSAGES.unsupportedMediaType,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: MESSAGES.unsupportedMediaType,
  },
  FST_PROTO_VIOLATION: { status: 400, code: 'bad_request', message: MESSAGES.badRequest },
  // A part declared as JSON that is not: the body is malformed (multipart-reader.ts).
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: MALFORMED_MULTIPART,
    message: STORAGE_MESSAGES.malformedMultipart,
  },
  // The client went away mid-request (stream-to-file.ts): nobody reads the answer, and it is
  // not a server failure to log as one.
  ERR_STREAM_PREMATURE_CLOSE: {
    status: 400,
    code: 'request_aborted',
    message: MESSAGES.badRequest,
  },
};

/**
 * The storage calls' error handler: every failure answers the platform envelope with its HTTP
 * status, also on the gateway's /zuul paths (the app-wide handler answers HTML pages outside
 * /api). A request whose body was not read to the end is drained, so the client receives the
 * answer instead of a reset connection.
 */
export function storageErrorHandler(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (!request.raw.complete) {
    request.raw.unpipe();
    request.raw.resume();
  }
  if (error instanceof StorageError) {
    if (error.httpStatus >= 500)
      request.log.error({ err: error, code: error.code }, 'storage failure');
    return reply
      .code(error.httpStatus)
      .send(fail(error.httpStatus, error.code, error.message, { fieldErrors: error.fieldErrors }));
  }
  const known = error as Partial<FastifyError> | null;
  if (known?.validation) {
    const fieldErrors = toFieldErrors(known.validation, known.validationContext);
    return reply
      .code(400)
      .send(fail(400, 'invalid_request', MESSAGES.invalidRequest, { fieldErrors }));
  }
  const answer =
    typeof known?.code === 'string' && Object.hasOwn(KNOWN, known.code)
      ? KNOWN[known.code]
      : undefined;
  if (answer) {
    return reply.code(answer.status).send(fail(answer.status, answer.code, answer.message));
  }
  const status = known?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    request.log.info({ code: known?.code, status }, 'storage client error');
    return reply.code(status).send(fail(status, 'bad_request', MESSAGES.badRequest));
  }
  request.log.error({ err: error }, 'unhandled storage error');
  return reply.code(500).send(fail(500, 'internal_error', MESSAGES.internalError));
}

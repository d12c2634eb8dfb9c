import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import { sendHtmlPage } from './html-pages';
import { MESSAGES } from './messages';
import { isApiPath } from './paths';
import { toFieldErrors } from './validation';
import { DatabaseUnavailableError } from '../db/sql';

interface ClientErrorAnswer {
  code: string;
  message: string;
}

const INVALID_JSON: ClientErrorAnswer = { code: 'invalid_json', message: MESSAGES.invalidJson };
const BAD_REQUEST: ClientErrorAnswer = { code: 'bad_request', message: MESSAGES.badRequest };

/** Fastify's own 4xx errors (body parsing), in the platform's words. */
const CLIENT_ERRORS: Partial<Record<string, ClientErrorAnswer>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON,
  FST_ERR_CTP_EMPTY_JSON_BODY: INVALID_JSON,
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: MESSAGES.payloadTooLarge },
  EDUDESK_TOO_MANY_VALUES: { code: 'too_many_values', message: MESSAGES.tooManyValues },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: MESSAGES.unsupportedMediaType,
  },
};

function clientErrorAnswer(error: FastifyError): ClientErrorAnswer {
  const byCode = CLIENT_ERRORS[error.code];
  if (byCode) return byCode;
  return error instanceof SyntaxError ? INVALID_JSON : BAD_REQUEST;
}

/** The error's status when it is a client error (4xx), else undefined. */
function clientStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as Partial<FastifyError>).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * The one place errors become answers: validation → 400 with bilingual field errors, Fastify's
 * parsing errors → their 4xx with a bilingual message, anything else → 500 with a generic
 * message. Internal details (stack, Ajv or SQL text) are logged, never sent.
 */
export function errorHandler(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const api = isApiPath(request.url);
  const status = clientStatus(error);

  if (status !== undefined) {
    const known = error as FastifyError;
    if (known.validation) {
      const fieldErrors = toFieldErrors(known.validation, known.validationContext);
      return reply
        .code(400)
        .send(fail(400, 'invalid_request', MESSAGES.invalidRequest, { fieldErrors }));
    }
    request.log.info({ code: known.code, status }, 'client error');
    if (!api) return sendHtmlPage(reply, status);
    const answer = clientErrorAnswer(known);
    return reply.code(status).send(fail(status, answer.code, answer.message));
  }

  if (error instanceof DatabaseUnavailableError) {
    // The database went away (restart, failover): the pool connects again by itself, so the
    // caller may simply retry. Nothing was acknowledged, so nothing is lost.
    request.log.warn({ err: error }, 'database unavailable');
    void reply.header('retry-after', '5');
    if (!api) return sendHtmlPage(reply, 503);
    return reply.code(503).send(fail(503, 'service_unavailable', MESSAGES.databaseUnavailable));
  }
  request.log.error({ err: error }, 'unhandled error');
  if (!api) return sendHtmlPage(reply, 500);
  return reply.code(500).send(fail(500, 'internal_error', MESSAGES.internalError));
}

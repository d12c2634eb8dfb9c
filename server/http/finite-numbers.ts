import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FieldError } from '../../contract/envelope';
import { fail } from './envelope';
import { FIELD_MESSAGES, MESSAGES } from './messages';

const MAX_DEPTH = 8;

/** The dotted names of the values in `value` that are numbers but not finite. */
function nonFinite(value: unknown, path: string, into: string[], depth = 0): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) into.push(path);
  } else if (typeof value === 'object' && value !== null && depth < MAX_DEPTH) {
    if (Buffer.isBuffer(value)) return into;
    for (const [key, child] of Object.entries(value)) {
      nonFinite(child, path === '' ? key : `${path}.${key}`, into, depth + 1);
    }
  }
  return into;
}

/**
 * Ajv (8.x) coerces a query value such as `1e309` to Infinity and then skips `minimum` and
 * `maximum`, which it checks only on finite numbers; a JSON body's `1e309` parses to Infinity as
 * well. No call of the platform takes an infinite number, so after validation (a preHandler hook
 * on every route) any query, path or body value that is a non-finite number is refused like a
 * schema error: 400 with the field named, before a handler can hand it to SQLite or arithmetic.
 */
export function refuseNonFiniteNumbers(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const fields: string[] = [];
  nonFinite(request.query, '', fields);
  nonFinite(request.params, '', fields);
  nonFinite(request.body, '', fields);
  if (fields.length === 0) {
    done();
    return;
  }
  const fieldErrors: FieldError[] = fields.map((field) => ({
    field,
    message: FIELD_MESSAGES.invalid(field),
  }));
  void reply.code(400).send(fail(400, 'invalid_request', MESSAGES.invalidRequest, { fieldErrors }));
}

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FieldError } from '../../contract/envelope';
import { fail } from './envelope';
import { FIELD_MESSAGES, MESSAGES } from './messages';

const MAX_DEPTH = 8;

/**
 * The dotted names of the values in `value` that are numbers but not finite. The path is a stack
 * of keys joined only for a hit: no string is built per value walked.
 */
function nonFinite(value: unknown, path: string[], into: string[], depth = 0): string[] {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) into.push(path.join('.'));
  } else if (typeof value === 'object' && value !== null && depth < MAX_DEPTH) {
    if (Buffer.isBuffer(value)) return into;
    for (const key of Object.keys(value)) {
      path.push(key);
      nonFinite((value as Record<string, unknown>)[key], path, into, depth + 1);
      path.pop();
    }
  }
  return into;
}

/**
 * Ajv (8.x) coerces a text such as `1e309` (a query value, a form field) to Infinity and then
 * passes it, `minimum` and `maximum` included. No call of the platform takes an infinite number,
 * so after validation (a preHandler hook on every route) any query, path or body value that is a
 * non-finite number is refused like a schema error: 400 with the field named, before a handler
 * can hand it to SQLite or arithmetic. Only validated bodies are walked: every body schema is
 * closed and its arrays bounded (server/http/body-schemas.test.ts), so the walk is as small as
 * the schema allows; a body no schema validates is not the walk's to read.
 */
export function refuseNonFiniteNumbers(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const fields: string[] = [];
  nonFinite(request.query, [], fields);
  nonFinite(request.params, [], fields);
  if (request.routeOptions.schema?.body !== undefined) nonFinite(request.body, [], fields);
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

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FieldError } from '../../contract/envelope';
import { fail } from './envelope';
import { FIELD_MESSAGES, MESSAGES } from './messages';

const MAX_DEPTH = 8;
const MAX_FIELD_NAME = 64;
const NUL = '\u0000';

/** A number no call takes: not finite, or an integer JavaScript cannot hold exactly. */
function unstorableNumber(value: number): boolean {
  return !Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER;
}

/**
 * The dotted names of the values in `value` that no call takes: unstorable numbers, and texts
 * (values or keys) holding a NUL character. The path is a stack of keys joined only for a hit: no
 * string is built per value walked.
 */
function unstorable(value: unknown, path: string[], into: string[], depth = 0): string[] {
  if (typeof value === 'number') {
    if (unstorableNumber(value)) into.push(path.join('.'));
  } else if (typeof value === 'string') {
    if (value.includes(NUL)) into.push(path.join('.'));
  } else if (typeof value === 'object' && value !== null && depth < MAX_DEPTH) {
    if (Buffer.isBuffer(value)) return into;
    for (const key of Object.keys(value)) {
      // A key is the caller's text: named cut short, as server/http/validation.ts does.
      path.push(key.slice(0, MAX_FIELD_NAME));
      if (key.includes(NUL)) into.push(path.join('.'));
      else unstorable((value as Record<string, unknown>)[key], path, into, depth + 1);
      path.pop();
    }
  }
  return into;
}

/**
 * Values no call of the platform takes, which the two engines would not treat alike, refused in
 * every route's query, path and body (a preHandler hook, after validation) like a schema error:
 * 400 with the field named, before a handler hands them to the database or to arithmetic.
 *
 * - A text with a NUL character: PostgreSQL's text cannot hold one (the query fails), SQLite's
 *   can.
 * - A number beyond ±(2^53 − 1): `Type.Integer()` takes 2^63 or `1e30` (from a form or a query,
 *   coerced by Ajv), which PostgreSQL's BIGINT refuses and SQLite compares as a float; and
 *   JavaScript cannot hold such an id exactly anyway.
 * - A number that is not finite: Ajv (8.x) coerces `1e309` to Infinity and passes it, `minimum`
 *   and `maximum` included.
 *
 * The body is walked whether a schema validated it or not: the calls that read their own body
 * (the OAuth token call) hand its texts to the database too. The walk stays small: a body a
 * schema validated is as small as its closed schema allows (server/http/body-schemas.test.ts),
 * any other is bounded before parsing (server/http/body-parsers.ts, MAX_BODY_VALUES). Multipart
 * fields are read by their calls, not here.
 */
export function refuseUnstorableValues(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const fields = [
    ...unstorable(request.query, [], []).map((field) => field || 'query'),
    ...unstorable(request.params, [], []).map((field) => field || 'params'),
    ...unstorable(request.body, [], []).map((field) => field || 'body'),
  ];
  if (fields.length === 0) {
    done();
    return;
  }
  const fieldErrors: FieldError[] = [...new Set(fields)].map((field) => ({
    field,
    message: FIELD_MESSAGES.invalid(field),
  }));
  void reply.code(400).send(fail(400, 'invalid_request', MESSAGES.invalidRequest, { fieldErrors }));
}

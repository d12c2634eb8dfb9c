import formBody from '@fastify/formbody';
import { parse as parseQueryString } from 'fast-querystring';
import type { FastifyInstance } from 'fastify';

/**
 * Most values one JSON or form body may hold. Every call's schema takes far fewer (its largest
 * array holds 200 codes); the bound is checked before parsing, because parsing a body of a
 * million small values (a few MB of `[0,0,…]`) holds the event loop, and everybody with it, for
 * a second or more before the schema could refuse it.
 */
export const MAX_BODY_VALUES = 10_000;

/** A body refused before parsing: too many values (400, server/http/error-handler.ts). */
export class TooManyValuesError extends Error {
  readonly statusCode = 400;
  readonly code = 'EDUDESK_TOO_MANY_VALUES';
  constructor() {
    super('The request body holds too many values');
  }
}

/**
 * True when a JSON text holds more than `limit` values (its commas, colons and opening brackets
 * outside strings). Strings are skipped with indexOf, so a body that is one long string (an
 * image in base64) costs a native scan; an array of many values stops at the limit.
 */
export function jsonValuesOver(text: string, limit: number): boolean {
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      // To the closing quote: one not escaped by an odd number of backslashes.
      let end = text.indexOf('"', index + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false;
      index = end;
    } else if (code === 0x2c || code === 0x3a || code === 0x5b || code === 0x7b) {
      count += 1;
      if (count > limit) return true;
    }
  }
  return false;
}

function escaped(text: string, quote: number): boolean {
  let backslashes = 0;
  for (let at = quote - 1; at >= 0 && text.charCodeAt(at) === 0x5c; at -= 1) backslashes += 1;
  return backslashes % 2 === 1;
}

/** True when a form body holds more than `limit` fields (its `&` separators). */
export function formFieldsOver(text: string, limit: number): boolean {
  let count = 0;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    count += 1;
    if (count >= limit) return true;
  }
  return false;
}

/**
 * Request bodies: form-encoded (what the platform client posts, spec §7) and JSON (its post-json
 * method), each refused before parsing when it holds more than MAX_BODY_VALUES values. An empty
 * JSON body counts as no body, so an argument-less POST such as logout works whatever
 * Content-Type the client sets; malformed JSON is still an error (answered 400). Plain text is
 * not a platform format, so it is refused (415) instead of reaching validation.
 */
export async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(formBody, {
    parser: (text: string) => {
      if (formFieldsOver(text, MAX_BODY_VALUES)) throw new TooManyValuesError();
      return parseQueryString(text);
    },
  });
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonValuesOver(text, MAX_BODY_VALUES)) {
      done(new TooManyValuesError(), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}

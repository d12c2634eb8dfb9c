import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from '../../contract/envelope';
import { FIELD_MESSAGES } from './messages';

function numberParam(error: FastifySchemaValidationError, name: string): number {
  const value = error.params[name];
  return typeof value === 'number' ? value : 0;
}

const MAX_FIELD_NAME = 64;

/** The dotted field name an Ajv error points at ('' for the whole body or query). */
function fieldOf(error: FastifySchemaValidationError): string {
  const path = error.instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = error.params.missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string') path.push(missing);
  const unknown = error.params.additionalProperty;
  // An unknown key is named (cut short: a key is the caller's text, as long as the body).
  if (error.keyword === 'additionalProperties' && typeof unknown === 'string') {
    path.push(unknown.slice(0, MAX_FIELD_NAME));
  }
  return path.join('.');
}

function messageOf(error: FastifySchemaValidationError, field: string): string {
  switch (error.keyword) {
    case 'required':
      return FIELD_MESSAGES.required(field);
    case 'minLength': {
      const limit = numberParam(error, 'limit');
      return limit <= 1 ? FIELD_MESSAGES.required(field) : FIELD_MESSAGES.tooShort(field, limit);
    }
    case 'maxLength':
      return FIELD_MESSAGES.tooLong(field, numberParam(error, 'limit'));
    case 'pattern':
    case 'format':
      return FIELD_MESSAGES.badFormat(field);
    case 'type':
      return FIELD_MESSAGES.badType(field);
    case 'additionalProperties':
      return FIELD_MESSAGES.unknown(field);
    default:
      return FIELD_MESSAGES.invalid(field);
  }
}

/**
 * Turns schema validation errors into the envelope's field errors: one per field (the first
 * rule it broke), each with a bilingual message. Ajv's own English texts never reach the client.
 */
export function toFieldErrors(
  errors: readonly FastifySchemaValidationError[],
  context = 'body',
): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    const field = fieldOf(error);
    if (byField.has(field)) continue;
    byField.set(
      field,
      field !== ''
        ? { field, message: messageOf(error, field) }
        : context === 'body'
          ? { field: 'body', message: FIELD_MESSAGES.missingBody }
          : { field: context, message: FIELD_MESSAGES.invalid(context) },
    );
  }
  return [...byField.values()];
}

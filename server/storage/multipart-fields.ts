import type { Static, TObject } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ValueErrorType } from '@sinclair/typebox/errors';
import type { FieldError } from '../../contract/envelope';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages';
import { StorageError } from './storage-errors';

/**
 * Validates the text fields of a multipart request against a contract schema, with the same
 * bilingual field errors as the form calls (Fastify validates those through their route schema;
 * multipart fields arrive inside the handler, so they are checked here).
 */
export function multipartFieldsValidator<T extends TObject>(schema: T) {
  const compiled = TypeCompiler.Compile(schema);
  return (fields: Record<string, string>): Static<T> => {
    if (compiled.Check(fields)) return fields;
    const byField = new Map<string, FieldError>();
    for (const error of compiled.Errors(fields)) {
      const field = error.path.replace(/^\//, '').split('/')[0] ?? '';
      if (field === '' || byField.has(field)) continue;
      const message =
        error.type === ValueErrorType.ObjectRequiredProperty
          ? FIELD_MESSAGES.required(field)
          : FIELD_MESSAGES.badFormat(field);
      byField.set(field, { field, message });
    }
    throw new StorageError(400, 'invalid_request', MESSAGES.invalidRequest, [...byField.values()]);
  };
}

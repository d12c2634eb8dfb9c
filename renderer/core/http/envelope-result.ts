import {
  SUCCESS_STATUS,
  isEnvelope,
  type ApiEnvelope,
  type FieldError,
} from '../../../contract/envelope';
import type { LangType } from '../../../contract/languages';
import { serverText } from '../i18n/traditional';
import { httpMessage } from './messages';

function fieldErrors(value: unknown): FieldError[] {
  if (!Array.isArray(value)) return [];
  const errors: FieldError[] = [];
  for (const item of value as unknown[]) {
    if (typeof item === 'string') errors.push({ field: '', message: item });
    else if (typeof item === 'object' && item !== null) {
      const { field, message } = item as Record<string, unknown>;
      if (typeof message === 'string') {
        errors.push({ field: typeof field === 'string' ? field : '', message });
      }
    }
  }
  return errors;
}

/** Fills what a lenient server may leave out, so callers can rely on every field. */
export function normaliseEnvelope(body: unknown): ApiEnvelope | null {
  if (!isEnvelope(body)) return null;
  const raw = body as unknown as Record<string, unknown>;
  return {
    status: body.status,
    message: typeof raw.message === 'string' ? raw.message : '',
    data: raw.data,
    code: typeof raw.code === 'string' ? raw.code : '',
    fieldErrors: fieldErrors(raw.fieldErrors),
  };
}

/**
 * The text of a business error (spec §8): the field errors, each in the current language,
 * joined by commas; else the message in the current language; else 'Server internal error!'.
 * In zh-HK the server's Chinese shows in Traditional characters (core/i18n/traditional.ts).
 */
export function businessErrorMessage(envelope: ApiEnvelope | null, lang: LangType): string {
  if (envelope) {
    const fromFields = envelope.fieldErrors
      .map((error) => serverText(error.message, lang))
      .filter((text) => text !== '');
    if (fromFields.length > 0) return fromFields.join(',');
    const message = serverText(envelope.message, lang);
    if (message !== '') return message;
  }
  return httpMessage('serverInternalError', lang);
}

export function isSuccess(envelope: ApiEnvelope): boolean {
  return envelope.status === SUCCESS_STATUS;
}

/**
 * The platform envelope: every answer of the platform (and of the reference server) has this
 * shape. `status` 200 means success; any other value is a business error whose `message` may be
 * bilingual (`中文|||English`, see `splitBilingual`).
 */
export interface ApiEnvelope<T = unknown> {
  status: number;
  message: string;
  data: T;
  code: string;
  fieldErrors: FieldError[];
}

/** A field's validation error; `message` may be bilingual. */
export interface FieldError {
  field: string;
  message: string;
}

export const SUCCESS_STATUS = 200;
export const OK_CODE = 'ok';

/** The separator of bilingual server messages: Chinese first, English second. */
export const BILINGUAL_SEPARATOR = '|||';

/** Builds a bilingual message `中文|||English`. */
export function bilingual(zh: string, en: string): string {
  return `${zh}${BILINGUAL_SEPARATOR}${en}`;
}

/**
 * Picks the part of a bilingual message for a language: the English part when the language is
 * English (and the message has one), the Chinese part otherwise. A plain message is returned as is.
 */
export function splitBilingual(message: string, lang: string): string {
  const index = message.indexOf(BILINGUAL_SEPARATOR);
  if (index < 0) return message;
  const zh = message.slice(0, index).trim();
  const en = message.slice(index + BILINGUAL_SEPARATOR.length).trim();
  if (lang === 'en') return en || zh;
  return zh || en;
}

export function isEnvelope(value: unknown): value is ApiEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.status === 'number';
}

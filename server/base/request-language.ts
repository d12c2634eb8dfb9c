import type { FastifyRequest } from 'fastify';
import { HEADER_LANGUAGE, PARAM_LANGUAGE } from '../../contract/http-headers';
import { DEFAULT_LANGUAGE, isLangType, type LangType } from '../../contract/languages';

/** The caller's language: the language header, else the Sy-Language parameter, else zh-CN. */
export function languageOf(request: FastifyRequest): LangType {
  const header = request.headers[HEADER_LANGUAGE];
  if (isLangType(header)) return header;
  const query = request.query as Record<string, unknown> | undefined;
  const param = query?.[PARAM_LANGUAGE];
  return isLangType(param) ? param : DEFAULT_LANGUAGE;
}

/** A text of a bilingual pair in the caller's language (zh-HK reads the Chinese text). */
export function pick(lang: LangType, text: { zh: string; en: string }): string {
  return lang === 'en' ? text.en : text.zh;
}

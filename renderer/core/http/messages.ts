import type { LangType } from '../../../contract/languages';
import { i18n } from '../i18n/instance';

/** The client's own texts (renderer/core/locales, namespace core.http). */
export type HttpMessageKey =
  | 'errorTitle'
  | 'warningTitle'
  | 'networkError'
  | 'requestAborted'
  | 'timeout'
  | 'serverInternalError'
  | 'methodForbidden';

export function httpMessage(
  key: HttpMessageKey,
  lang: LangType,
  values: Record<string, string | number> = {},
): string {
  return i18n.t(`core.http.${key}`, { ...values, lng: lang });
}

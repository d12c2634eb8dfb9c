import type { ReactNode } from 'react';
import type { LanguageOption } from '../../contract/languages';
import { DEFAULT_LANGUAGE_LIST, validateLanguageList } from '../core/i18n/language-list';

/** A route of an application (spec §2): its path, an optional meta code and what it shows. */
export interface PhRoute {
  path: string;
  meta?: { code?: string };
  element: ReactNode;
}

/** The app init config of spec §3. */
export interface PhInitConfig {
  /** The module code: its language files live under /{root}/{code}/lang/ (spec §7). Required. */
  code: string;
  /** The application code sent in the app-code header. Required. */
  appCode: string;
  /** The application's name: the document title. */
  appName?: string;
  /** The application's routes. */
  router?: readonly PhRoute[];
  /** 'async': the routes are filtered by the user's permission codes (spec §2). */
  routerType?: 'async' | 'static';
  /** A theme (ink, lotus, cartoon or a colour beginning with #) used when the user has none. */
  theme?: string;
  /** The application's mobile variant (a mobile layout class on the page). */
  mobile?: boolean;
  /** false: a public page, no login check (no current user is asked for). Default true. */
  islogin?: boolean;
  /** The languages offered; zh-CN and en by default. Must be an array (spec §5). */
  langList?: readonly (string | LanguageOption)[];
  /** The menu resource tree to read permission codes from; the code by default. */
  resourcePath?: string;
  /** A language to use instead of the resolved one (spec §9 resolution order: the argument). */
  lang?: string;
  /** The common plugin CSS path of the theme stylesheets; '/common/styles/1.2.0/' by default. */
  themePath?: string;
}

/** The error naming a missing required field of the init config. */
export function missingFieldError(field: 'code' | 'appCode'): Error {
  return new Error(`PH.init: ${field} is required`);
}

export const PH_MISSING_ERROR = 'PH.init: the global PH object is missing';

/**
 * Checks the init config (spec §5: init requires both code and appCode; the language list must
 * be an array). Answers the language list to offer.
 */
export function checkInitConfig(config: unknown): { langList: LanguageOption[] } {
  if (typeof config !== 'object' || config === null) throw missingFieldError('code');
  const { code, appCode, langList } = config as Record<string, unknown>;
  if (typeof code !== 'string' || code.trim() === '') throw missingFieldError('code');
  if (typeof appCode !== 'string' || appCode.trim() === '') throw missingFieldError('appCode');
  if (langList === undefined) return { langList: [...DEFAULT_LANGUAGE_LIST] };
  return { langList: validateLanguageList(langList) };
}

/** Init requires the global PH object (spec §5): a page that lost it cannot start. */
export function assertGlobalPh(scope: object): void {
  if (!('PH' in scope) || (scope as { PH?: unknown }).PH == null) throw new Error(PH_MISSING_ERROR);
}

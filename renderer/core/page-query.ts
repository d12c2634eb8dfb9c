/**
 * The query parameters an application page reads (spec §2). The wire's misspelt paltformModel
 * keeps its spelling here, at the boundary, and is platformModel everywhere else.
 */

export const QUERY_PAGE_MODEL = 'pagemodel';
export const QUERY_REPLACE_THEME_COLOR = 'replaceThemeColor';
/** Wire spelling (sic), spec §2. */
export const QUERY_PLATFORM_MODEL = 'paltformModel';
export const QUERY_REDIRECT_CODE = 'redirectCode';
/** The pagemodel value of the content-only layout. */
export const CONTENT_PAGE_MODEL = 'content';

export interface PageQuery {
  /** pagemodel=content: the application shows its content only (no header, menu or footer). */
  contentOnly: boolean;
  /** A colour (#rgb or #rrggbb, the # optional on the wire) replacing the theme colour. */
  replaceThemeColor: string | null;
  /** The platform model the page runs in (wire: paltformModel). */
  platformModel: string | null;
  redirectCode: string | null;
}

/** Reads a query param from the search part or, in hash routing, from the hash's query. */
function readParam(search: string, hash: string, name: string): string | null {
  const direct = new URLSearchParams(search).get(name);
  if (direct !== null) return direct;
  const index = hash.indexOf('?');
  return index < 0 ? null : new URLSearchParams(hash.slice(index + 1)).get(name);
}

function asColour(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim().replace(/^#?/, '#');
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(trimmed) ? trimmed : null;
}

function asToken(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  // Codes and models are short identifiers; anything else is not used.
  return /^[\w.-]{1,64}$/.test(trimmed) ? trimmed : null;
}

export function readPageQuery(location: { search: string; hash: string }): PageQuery {
  const get = (name: string) => readParam(location.search, location.hash, name);
  return {
    contentOnly: get(QUERY_PAGE_MODEL) === CONTENT_PAGE_MODEL,
    replaceThemeColor: asColour(get(QUERY_REPLACE_THEME_COLOR)),
    platformModel: asToken(get(QUERY_PLATFORM_MODEL)),
    redirectCode: asToken(get(QUERY_REDIRECT_CODE)),
  };
}

/**
 * The paged container's rules (spec §3 page API config, §4 paged container, §7 paged calls, §8
 * warnings, §9 constants). Pure: the hook in ui/paged drives them.
 */

/** Default page size (spec §9). */
export const DEFAULT_PAGE_SIZE = 30;
/** Page size options (spec §9). */
export const PAGE_SIZE_OPTIONS = [30, 100, 200, 300, 400] as const;
/** The pagination layout (spec §9): total, sizes, prev, pager, next. */
export const PAGINATION_LAYOUT = ['total', 'sizes', 'prev', 'pager', 'next'] as const;
/** The warnings of spec §8, exact texts. */
export const NO_PAGE_API = 'no pageApi config found';
export const EMPTY_PAGE_API = 'pageApi.api cannot be empty';

/** The page API config of spec §3. */
export interface PageApi {
  api: string;
  /** get (default) or post; any method of spec §5 the request client takes. */
  method?: string;
  /** The query parameter of the page number (1-based); 'start' by default. */
  pageKey?: string;
  /** The query parameter of the page size; 'size' by default. */
  sizeKey?: string;
  /** Further query parameters (search terms, filters). */
  querys?: Record<string, unknown>;
}

/** The paged list answer of spec §3: data.list and data.total. */
export interface PagedData<T> {
  list: T[];
  total: number;
}

/** The warning of a missing or unusable config (spec §8), or null when it can be used. */
export function pageApiProblem(
  pageApi: PageApi | null | undefined,
): typeof NO_PAGE_API | typeof EMPTY_PAGE_API | null {
  if (pageApi === null || pageApi === undefined || typeof pageApi !== 'object') return NO_PAGE_API;
  if (typeof pageApi.api !== 'string' || pageApi.api.trim() === '') return EMPTY_PAGE_API;
  return null;
}

/** The call of one page (spec §7): the configured method and path, page and size when paged. */
export function pageRequest(
  pageApi: PageApi,
  page: number,
  size: number,
  paged = true,
): { method: string; url: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pageApi.querys ?? {})) {
    // Empty filters are not sent: "all" is the absence of a filter.
    if (value !== undefined && value !== null && value !== '') params[key] = value;
  }
  if (paged) {
    params[pageApi.pageKey ?? 'start'] = page;
    params[pageApi.sizeKey ?? 'size'] = size;
  }
  return { method: pageApi.method ?? 'get', url: pageApi.api, params };
}

/** Reads data.list and data.total; anything else is not a page (a failure). */
export function readPagedData<T>(data: unknown): PagedData<T> | null {
  if (typeof data !== 'object' || data === null) return null;
  const { list, total } = data as { list?: unknown; total?: unknown };
  if (!Array.isArray(list)) return null;
  const count = typeof total === 'number' && Number.isFinite(total) ? total : list.length;
  return { list: list as T[], total: Math.max(0, count) };
}

export type PageOutcome<T> =
  | { kind: 'show'; list: T[]; total: number; page: number }
  /** A page beyond the first came back empty: step back one page and reload (spec §4). */
  | { kind: 'step-back'; page: number }
  /** Any failure empties the list, total 0, page 1 (spec §4). */
  | { kind: 'failed'; list: []; total: 0; page: 1 };

/** What an answer to the page `page` does to the container. */
export function pageOutcome<T>(page: number, answer: PagedData<T> | null): PageOutcome<T> {
  if (!answer) return { kind: 'failed', list: [], total: 0, page: 1 };
  if (answer.list.length === 0 && page > 1) return { kind: 'step-back', page: page - 1 };
  return { kind: 'show', list: answer.list, total: answer.total, page };
}

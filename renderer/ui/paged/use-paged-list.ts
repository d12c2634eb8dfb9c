import { useCallback, useEffect, useState } from 'react';
import type { ApiEnvelope } from '../../../contract/envelope';
import { http } from '../../core/http/http';
import {
  DEFAULT_PAGE_SIZE,
  pageApiProblem,
  pageOutcome,
  pageRequest,
  readPagedData,
  type PageApi,
} from '../../core/paged/page-api';
import { useQuery } from '../../core/query/use-query';

/** How a page is fetched; the signal aborts it when a newer call starts. */
export type PageFetcher = (call: {
  method: string;
  url: string;
  params: Record<string, unknown>;
  signal: AbortSignal;
}) => Promise<ApiEnvelope>;

export interface PagedListState<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
}

/** A page through the request client: GET sends the query, other methods a form body. */
export const fetchPageWithHttp: PageFetcher = ({ method, url, params, signal }) =>
  method.toLowerCase() === 'get'
    ? http.request({ method, url, params, signal })
    : http.request({ method, url, data: params, signal });

export interface PagedList<T> extends PagedListState<T> {
  /** The §8 warning when the config cannot be used. */
  problem: string | null;
  /** Loads a page (and size); the current ones when not given. */
  load: (page?: number, size?: number) => void;
  /** Reloads the current page (after an edit or a delete). */
  reload: () => void;
}

/**
 * The paged container's state (spec §4), one page at a time from the page's query cache (keyed
 * by the config, the page and the size: the latest page asked for wins, an older call is
 * aborted). Loads on mount and whenever the config's path, method or queries change (back to
 * page 1). A failure empties the list (total 0, page 1); an empty page beyond the first steps
 * back one page and loads it. While a page loads, the previous one stays on screen.
 */
export function usePagedList<T>(
  pageApi: PageApi | null | undefined,
  {
    fetchPage = fetchPageWithHttp,
    paged = true,
    initialSize = DEFAULT_PAGE_SIZE,
  }: { fetchPage?: PageFetcher; paged?: boolean; initialSize?: number } = {},
): PagedList<T> {
  const problem = pageApiProblem(pageApi);
  const api = pageApi && !problem ? pageApi : null;
  const config = api
    ? JSON.stringify([api.api, api.method, api.pageKey, api.sizeKey, api.querys, paged])
    : '';
  const [position, setPosition] = useState({ config, page: 1, size: initialSize });
  // A new config starts again at page 1 (React's "adjust state on change").
  if (position.config !== config) setPosition({ config, page: 1, size: position.size });
  const { page, size } = position;

  const answer = useQuery(
    {
      key: ['paged-list', config, page, size],
      fetch: async (signal) => {
        if (api === null) return null;
        const envelope = await fetchPage({ ...pageRequest(api, page, size, paged), signal });
        return envelope.status === 200 ? envelope.data : null;
      },
    },
    // The page is what the user waits for: drawn in one render, not in slices (use-query.ts).
    { enabled: api !== null, keepPrevious: true, transition: false },
  );

  useEffect(() => {
    // The §8 warnings, exact texts, for the application's developer.
    if (problem) console.warn(problem);
  }, [problem]);

  const arrived = answer.status === 'success';
  const outcome = pageOutcome<T>(page, arrived ? readPagedData<T>(answer.data) : null);
  if (arrived && outcome.kind === 'step-back') {
    setPosition({ config, page: outcome.page, size });
  }

  let shown: Pick<PagedListState<T>, 'list' | 'total' | 'page'> = { list: [], total: 0, page: 1 };
  if (api !== null && outcome.kind === 'show') shown = outcome;
  else if (api !== null && !arrived && answer.status !== 'error' && answer.data !== undefined) {
    // The previous page, while this one loads.
    const previous = readPagedData<T>(answer.data);
    shown = { list: previous?.list ?? [], total: previous?.total ?? 0, page };
  }

  const refetch = answer.refetch;
  const load = useCallback(
    (nextPage = page, nextSize = size) => {
      if (nextPage === page && nextSize === size) void refetch();
      else setPosition({ config, page: nextPage, size: nextSize });
    },
    [config, page, size, refetch],
  );
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);

  return {
    ...shown,
    size,
    loading: api !== null && (answer.status === 'pending' || answer.fetching),
    problem,
    load,
    reload,
  };
}

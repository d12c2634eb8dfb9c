import { useCallback, useEffect, useState } from 'react';
import { http } from '../../core/http/http';
import { DEFAULT_PAGE_SIZE, pageApiProblem, type PageApi } from '../../core/paged/page-api';
import { PagedLoader, type PagedListState, type PageFetcher } from '../../core/paged/paged-loader';

export type { PageFetcher, PagedListState } from '../../core/paged/paged-loader';

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
 * The paged container's state (spec §4): loads on mount and whenever the config's path, method
 * or queries change (back to page 1); see PagedLoader for the rules.
 */
export function usePagedList<T>(
  pageApi: PageApi | null | undefined,
  {
    fetchPage = fetchPageWithHttp,
    paged = true,
    initialSize = DEFAULT_PAGE_SIZE,
  }: { fetchPage?: PageFetcher; paged?: boolean; initialSize?: number } = {},
): PagedList<T> {
  const [state, setState] = useState<PagedListState<T>>({
    list: [],
    total: 0,
    page: 1,
    size: initialSize,
    loading: false,
  });
  const [loader] = useState(() => new PagedLoader<T>(setState, fetchPage, initialSize));
  const problem = pageApiProblem(pageApi);

  useEffect(() => {
    loader.configure(pageApi, fetchPage, paged);
  });

  const key = pageApi
    ? JSON.stringify([
        pageApi.api,
        pageApi.method,
        pageApi.pageKey,
        pageApi.sizeKey,
        pageApi.querys,
      ])
    : '';
  useEffect(() => {
    // The §8 warnings, exact texts, for the application's developer.
    if (problem) console.warn(problem);
    loader.load(1, loader.current.size);
  }, [key, problem, paged, loader]);

  useEffect(
    () => () => {
      loader.cancel();
    },
    [loader],
  );

  const load = useCallback(
    (page?: number, size?: number) => {
      loader.load(page, size);
    },
    [loader],
  );
  const reload = useCallback(() => {
    loader.load();
  }, [loader]);
  return { ...state, problem, load, reload };
}

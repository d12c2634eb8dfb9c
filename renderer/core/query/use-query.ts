import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  hashKey,
  queryCache,
  type Query,
  type QueryCache,
  type QueryKey,
  type QueryState,
} from './query-cache';

export interface UseQueryOptions {
  /** False: ask for nothing yet (the key's arguments are not known). Default true. */
  enabled?: boolean;
  /** An answer younger than this is shown without a call (a hand-over); default 0. */
  staleMs?: number;
  /** While a new key's first answer is on its way, show the previous key's (a pager). */
  keepPrevious?: boolean;
  /**
   * True (the default): an answer re-renders the component as a transition, in slices, for an
   * answer that arrives in the background. False: in one render, for the answer the user waits
   * for (a table's page): slicing 400 rows cost a quarter more time before they showed.
   */
  transition?: boolean;
  cache?: QueryCache;
}

export interface QueryResult<T> extends QueryState<T> {
  /** Asks again; a call in flight is replaced (the latest request wins). */
  refetch: () => Promise<T | undefined>;
}

/**
 * The answer of `query` from the page's query cache (./query-cache.ts): asked for when the
 * component appears and whenever the query's key changes; an answer already there (started by
 * the boot or a sign-in) is drawn by the first render. When the key changes or the component
 * leaves, the older call is aborted unless someone else waits for it. Answers re-render the
 * component as transitions unless the caller says otherwise: React renders them in slices
 * between which the browser stays responsive (an old school PC takes hundreds of milliseconds
 * for a desktop of icons).
 */
export function useQuery<T>(
  query: Query<T>,
  {
    enabled = true,
    staleMs = 0,
    keepPrevious = false,
    transition = true,
    cache = queryCache,
  }: UseQueryOptions = {},
): QueryResult<T> {
  // The query by its key's value: each render builds a new one of the same call. Its fetcher,
  // a new closure each render too, is called as the latest render gave it.
  const hash = hashKey(query.key);
  const latest = useRef(query);
  useLayoutEffect(() => {
    latest.current = query;
  });
  const stable = useMemo<Query<T>>(
    () => ({ key: JSON.parse(hash) as QueryKey, fetch: (signal) => latest.current.fetch(signal) }),
    [hash],
  );

  const [shown, setShown] = useState(() => ({ hash, state: cache.getState(query) }));
  // A new key shows that key's state from its first render (React's "adjust state on change").
  if (shown.hash !== hash) setShown({ hash, state: cache.getState(query) });

  useEffect(() => {
    const update = () => {
      const next = cache.getState(stable);
      const show = () => {
        setShown((previous) =>
          previous.hash === hash && previous.state === next ? previous : { hash, state: next },
        );
      };
      if (transition) startTransition(show);
      else show();
    };
    const unsubscribe = cache.subscribe(stable, update);
    // What changed between the render and this subscription.
    update();
    if (enabled) cache.prefetch(stable, { staleMs });
    return () => {
      unsubscribe();
      cache.release(stable);
    };
  }, [cache, stable, hash, enabled, staleMs, transition]);

  const refetch = useCallback(
    () => cache.fetch(stable, { replace: true }).catch(() => undefined),
    [cache, stable],
  );

  const state = shown.hash === hash ? shown.state : cache.getState(query);
  // The last answer of any key, for a pager that keeps its rows while the next page loads.
  const [previous, setPrevious] = useState<T | undefined>(undefined);
  if (keepPrevious && state.data !== undefined && state.data !== previous) setPrevious(state.data);
  const data = state.data ?? (keepPrevious ? previous : undefined);
  return { ...state, data, refetch };
}

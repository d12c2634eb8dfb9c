import { useSyncExternalStore } from 'react';

/**
 * The current hash route (spec §2: routing is in hash mode) without its query: `#/bind/?id=x`
 * gives `/bind/`. For pages with a few fixed routes (the login shell), which do not need a
 * router library in their first download.
 */
export function hashRoute(hash: string = window.location.hash): string {
  const path = hash.replace(/^#/, '');
  const query = path.indexOf('?');
  return (query < 0 ? path : path.slice(0, query)) || '/';
}

/** The query parameters of the hash route (`#/bind/?id=x` gives id=x). */
export function hashQuery(hash: string = window.location.hash): URLSearchParams {
  const query = hash.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : hash.slice(query + 1));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
  };
}

/** Re-renders on every hash change; returns the full hash. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

/** Reads a query parameter from the search part or from the query inside the hash route. */
export function queryParam(url: URL, name: string): string | null {
  const direct = url.searchParams.get(name);
  if (direct !== null) return direct;
  const hashQuery = url.hash.indexOf('?');
  return hashQuery < 0 ? null : new URLSearchParams(url.hash.slice(hashQuery + 1)).get(name);
}

import type { Query, QueryKey } from '../../renderer/core/query/query-cache';

export interface ManualCall {
  key: QueryKey;
  resolve: (value: string) => void;
  reject: (error: Error) => void;
  signal: AbortSignal;
}

/**
 * Queries a test answers by hand: each call is kept (with its key and signal) until the test
 * resolves or rejects it; an aborted call rejects with an AbortError, like the request client.
 */
export function manualQueries() {
  const calls: ManualCall[] = [];
  const query = (key: QueryKey): Query<string> => ({
    key,
    fetch: (signal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ key, resolve, reject, signal });
        signal.addEventListener('abort', () => {
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  });
  return { calls, query };
}

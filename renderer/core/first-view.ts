import type { Query } from './query/query-cache';

/**
 * The moment a page's first view (a desktop's icons, what the user signed in for) is on screen.
 * Calls a page makes when its pieces appear (counts, licences, the version check) start after
 * it, each caller saying so itself with `afterFirstView`: sent, answered and rendered in that
 * first frame, they would take the processor from it on a slow PC (docs/performance.md, "Calls
 * after the first view"). A page that marks no first view has none to wait for.
 */
let firstView: Promise<void> = Promise.resolve();

/** The page draws its first view until `drawn` settles (a later mark extends the wait). */
export function markFirstView(drawn: Promise<unknown>): void {
  const earlier = firstView;
  firstView = Promise.all([earlier, drawn.catch(() => undefined)]).then(() => undefined);
}

/** Calls `call` once the page's first view is on screen (at once when there is none to wait for). */
export async function afterFirstView<T>(call: () => Promise<T>): Promise<T> {
  await firstView;
  return call();
}

/** The same query, its call made once the page's first view is on screen. */
export function afterFirstViewQuery<T>(query: Query<T>): Query<T> {
  return { key: query.key, fetch: (signal) => afterFirstView(() => query.fetch(signal)) };
}

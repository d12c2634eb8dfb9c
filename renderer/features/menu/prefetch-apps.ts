import type { MenuCategory } from '../../../contract/desktop';
import { fetchMyApps } from './api';

interface Prefetched {
  key: string;
  answer: Promise<MenuCategory[]>;
  /** The answer once it has arrived (undefined before, or after a failure). */
  value?: MenuCategory[];
}

let prefetched: Prefetched | null = null;

const keyOf = (userId: string, unitId: string) => `${userId}\n${unitId}`;

/**
 * Starts the icon list's call (my_app_icon) as soon as the user is known, before the desktop's
 * first render: the call then overlaps that render instead of waiting for its effects.
 */
export function prefetchMyApps(userId: string, unitId: string): void {
  const answer = fetchMyApps(userId, unitId);
  const entry: Prefetched = { key: keyOf(userId, unitId), answer };
  // Whoever takes it handles a failure; one left untaken must not be an unhandled rejection.
  answer.then(
    (value) => {
      entry.value = value;
    },
    () => undefined,
  );
  prefetched = entry;
}

/** The prefetched icon list of this user and unit (once), or a fresh call. */
export function takeMyApps(userId: string, unitId: string): Promise<MenuCategory[]> {
  const taken = prefetched;
  prefetched = null;
  return taken?.key === keyOf(userId, unitId) ? taken.answer : fetchMyApps(userId, unitId);
}

/** The prefetched icon list when it has already arrived (not taken), else null. */
export function peekMyApps(userId: string, unitId: string): MenuCategory[] | null {
  return prefetched?.key === keyOf(userId, unitId) ? (prefetched.value ?? null) : null;
}

/**
 * Resolves when the prefetched icon list has arrived or failed, or after `capMs` at the latest
 * (a slow answer never holds up the page); at once when none is on its way.
 */
export function myAppsSettled(userId: string, unitId: string, capMs: number): Promise<void> {
  const entry = prefetched;
  if (entry?.key !== keyOf(userId, unitId)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, capMs);
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    entry.answer.then(done, done);
  });
}

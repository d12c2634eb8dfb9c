import type { MenuCategory } from '../../../contract/desktop';
import { Prefetch } from '../../core/prefetch';
import { fetchMyApps } from './api';

const prefetched = new Prefetch<MenuCategory[]>();

const keyOf = (userId: string, unitId: string) => `${userId}\n${unitId}`;

/**
 * Starts the icon list's call (my_app_icon) as soon as the user is known, before the desktop's
 * first render: the call then overlaps that render instead of waiting for its effects.
 */
export function prefetchMyApps(userId: string, unitId: string): void {
  prefetched.put(keyOf(userId, unitId), fetchMyApps(userId, unitId));
}

/** The prefetched icon list of this user and unit (once), or a fresh call. */
export function takeMyApps(userId: string, unitId: string): Promise<MenuCategory[]> {
  return prefetched.take(keyOf(userId, unitId), () => fetchMyApps(userId, unitId));
}

/** The prefetched icon list when it has already arrived (not taken), else null. */
export function peekMyApps(userId: string, unitId: string): MenuCategory[] | null {
  return prefetched.peek(keyOf(userId, unitId));
}

/**
 * Resolves when the prefetched icon list has arrived or failed, or after `capMs` at the latest
 * (a slow answer never holds up the page); at once when none is on its way.
 */
export function myAppsSettled(userId: string, unitId: string, capMs: number): Promise<void> {
  const answer = prefetched.pending(keyOf(userId, unitId));
  if (answer === null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, capMs);
    const done = () => {
      window.clearTimeout(timer);
      resolve();
    };
    answer.then(done, done);
  });
}

import type { MenuCategory } from '../../../contract/desktop';
import { Prefetch } from '../../core/prefetch';
import { useSession } from '../../core/session/session-store';
import { fetchMyApps } from './api';

const prefetched = new Prefetch<MenuCategory[]>();

const keyOf = (userId: string, unitId: string) => `${userId}\n${unitId}`;

let watching = false;

/**
 * From now on, the icon list's call (my_app_icon) leaves the moment the current-user call knows
 * the user (one round trip after me), while the page boots and renders, rather than after the
 * desktop's first render (docs/performance.md, "Early calls"). Started by the boot on the
 * pages that draw the icons (pages/boot/early-calls.ts); a second start changes nothing.
 */
export function prefetchMyAppsOnSignIn(): void {
  if (watching) return;
  watching = true;
  useSession.subscribe((state, previous) => {
    if (state.user !== null && previous.user === null) {
      const { userId, unitId } = state.user;
      prefetched.put(keyOf(userId, unitId), fetchMyApps(userId, unitId));
    }
  });
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

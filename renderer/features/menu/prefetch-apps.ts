import type { MenuCategory } from '../../../contract/desktop';
import { fetchMyApps } from './api';

let prefetched: { key: string; answer: Promise<MenuCategory[]> } | null = null;

const keyOf = (userId: string, unitId: string) => `${userId}\n${unitId}`;

/**
 * Starts the icon list's call (my_app_icon) as soon as the user is known, before the desktop's
 * first render: the call then overlaps that render instead of waiting for its effects.
 */
export function prefetchMyApps(userId: string, unitId: string): void {
  const answer = fetchMyApps(userId, unitId);
  // Whoever takes it handles a failure; one left untaken must not be an unhandled rejection.
  answer.catch(() => undefined);
  prefetched = { key: keyOf(userId, unitId), answer };
}

/** The prefetched icon list of this user and unit (once), or a fresh call. */
export function takeMyApps(userId: string, unitId: string): Promise<MenuCategory[]> {
  const taken = prefetched;
  prefetched = null;
  return taken?.key === keyOf(userId, unitId) ? taken.answer : fetchMyApps(userId, unitId);
}

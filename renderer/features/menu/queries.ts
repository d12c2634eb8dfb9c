import type { AppUnreadCount, MenuCategory, MenuResourceNode } from '../../../contract/desktop';
import type { Query } from '../../core/query/query-cache';
import { queryCache } from '../../core/query/query-cache';
import { useSession } from '../../core/session/session-store';
import { fetchMyApps, fetchResourceTree, fetchUnreadCodeCounts } from './api';

/** The icon list (my_app_icon) of a user in a unit. */
export function myAppsQuery(userId: string, unitId: string): Query<MenuCategory[]> {
  return {
    key: ['my-apps', userId, unitId],
    fetch: (signal) => fetchMyApps(userId, unitId, signal),
  };
}

/** The unread counts per application (the badges on the icons). */
export function unreadCodeCountsQuery(): Query<AppUnreadCount[]> {
  return { key: ['unread-code-counts'], fetch: () => fetchUnreadCodeCounts() };
}

/** The user's permission menu tree of the application `code` (spec §6). */
export function resourceTreeQuery(userId: string, code: string): Query<MenuResourceNode[]> {
  return { key: ['resource-tree', userId, code], fetch: () => fetchResourceTree(code) };
}

let watching = false;

/**
 * From now on, the icon list's call leaves the moment the current-user call knows the user (one
 * round trip after me), while the page boots and renders, rather than after the desktop's first
 * render (docs/performance.md, "Early calls"); the desktop reads it from the query cache.
 * Started by the boot on the pages that draw the icons (renderer/boot/early-calls.ts); a second
 * start changes nothing.
 */
export function prefetchMyAppsOnSignIn(): void {
  if (watching) return;
  watching = true;
  useSession.subscribe((state, previous) => {
    // A user who must change a password first has no desktop yet (every call but that is refused).
    if (state.user !== null && previous.user === null && !state.user.mustChangePassword) {
      queryCache.prefetch(myAppsQuery(state.user.userId, state.user.unitId));
    }
  });
}

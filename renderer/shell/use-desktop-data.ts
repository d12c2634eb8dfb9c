import { startTransition, useCallback, useLayoutEffect, useState } from 'react';
import type { MenuCategory, UnreadCounts } from '../../contract/desktop';
import type { CurrentUser } from '../core/session/user-mapper';
import { useTheme } from '../core/theme/theme-store';
import { fetchUnreadCounts } from '../features/header/index';
import {
  fetchResourceTree,
  fetchUnreadCodeCounts,
  peekMyApps,
  takeMyApps,
  unreadMap,
  visibleCategories,
} from '../features/menu/index';
import { loadsPermissionTree, usePermissions } from '../core/permissions/permission-store';
import { DESKTOP_PERMISSION_APP_CODE } from '../../contract/desktop-codes';
import { fetchIsAdmin, fetchSavedTheme } from '../features/theme/index';
import { loadTodoPanel, prefetchFirstTodoPage, readTodoClosedFlag } from '../features/todo/index';

export interface DesktopData {
  loading: boolean;
  failed: boolean;
  categories: MenuCategory[];
  counts: UnreadCounts;
  isAdmin: boolean;
  /** Reloads the counts (after messages or to-dos are marked read). */
  refreshCounts: () => void;
  /** Reloads the icons (after a reorder failed, or a role switch). */
  reload: () => void;
}

/**
 * Everything the desktop shows, fetched in parallel once the user is known (one round trip):
 * the icons, their unread counts, the to-do and message counts, the saved theme and whether the
 * user is an administrator.
 */
export function useDesktopData(user: CurrentUser): DesktopData {
  // The icons already prefetched (prefetchMyAppsOnSignIn) are drawn by the first render.
  const [ready] = useState(() => peekMyApps(user.userId, user.unitId));
  // Loading until the icons of the current generation arrived.
  const [loadedGeneration, setLoadedGeneration] = useState(ready === null ? -1 : 0);
  const [failed, setFailed] = useState(false);
  const [categories, setCategories] = useState<MenuCategory[]>(() =>
    ready === null
      ? []
      : visibleCategories(ready, { userType: user.userType, unitType: user.unitType }),
  );
  const [counts, setCounts] = useState<UnreadCounts>({ todo: 0, message: 0 });
  const [isAdmin, setIsAdmin] = useState(false);
  const [generation, setGeneration] = useState(0);

  // A layout effect runs before every passive effect of the page (the header's own calls): the
  // icons' request goes out first, ahead of the browser's six connections per host filling up.
  useLayoutEffect(() => {
    let active = true;
    const viewer = { userType: user.userType, unitType: user.unitType };
    // Each answer is applied as it arrives: the icons never wait for the slower calls.
    // Started when the user became known (prefetchMyAppsOnSignIn), else now.
    const apps = takeMyApps(user.userId, user.unitId);
    const appCounts = fetchUnreadCodeCounts().then(unreadMap);
    apps
      .then((categories) => {
        if (!active) return;
        // Answers re-render the desktop as transitions: React renders them in slices between
        // which the browser stays responsive (an old school PC takes hundreds of ms for all icons).
        startTransition(() => {
          setFailed(false);
          setCategories(visibleCategories(categories, viewer));
          setLoadedGeneration(generation);
        });
        return appCounts.then((counted) => {
          if (active)
            startTransition(() => {
              setCategories(visibleCategories(categories, viewer, counted));
            });
        });
      })
      .catch(() => {
        if (!active) return;
        startTransition(() => {
          setFailed(true);
          setLoadedGeneration(generation);
        });
      });
    // The to-do panel opens by itself when the counts show to-dos (spec §4), unless closed this
    // session: its first page and its code come with the counts, not after them.
    if (generation === 0 && readTodoClosedFlag() === null) {
      prefetchFirstTodoPage();
      void loadTodoPanel().catch(() => undefined);
    }
    fetchUnreadCounts()
      .then((unread) => {
        if (active)
          startTransition(() => {
            setCounts(unread);
          });
      })
      .catch(() => undefined);
    fetchSavedTheme()
      .then((saved) => {
        if (active && saved) useTheme.getState().setTheme(saved.theme);
      })
      .catch(() => undefined);
    fetchIsAdmin(user.userId)
      .then((admin) => {
        if (active)
          startTransition(() => {
            setIsAdmin(admin);
          });
      })
      .catch(() => undefined);
    if (loadsPermissionTree(user.userType)) {
      fetchResourceTree(DESKTOP_PERMISSION_APP_CODE)
        .then((tree) => {
          if (active) usePermissions.getState().setTree(tree);
        })
        .catch(() => undefined);
    }
    return () => {
      active = false;
    };
  }, [user.userId, user.unitId, user.userType, user.unitType, generation]);

  const refreshCounts = useCallback(() => {
    void fetchUnreadCounts()
      .then(setCounts)
      .catch(() => undefined);
  }, []);
  const reload = useCallback(() => {
    setGeneration((value) => value + 1);
  }, []);

  return {
    loading: loadedGeneration !== generation,
    failed,
    categories,
    counts,
    isAdmin,
    refreshCounts,
    reload,
  };
}

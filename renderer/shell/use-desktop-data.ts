import { useCallback, useEffect, useMemo } from 'react';
import type { ApplicationItem, MenuCategory, UnreadCounts } from '../../contract/desktop';
import { afterFirstView, afterFirstViewQuery } from '../core/first-view';
import { HAND_OVER_MS } from '../core/query/query-cache';
import { useQuery } from '../core/query/use-query';
import type { CurrentUser } from '../core/session/user-mapper';
import { useTheme } from '../core/theme/theme-store';
import { useAttention } from '../features/attention/index';
import { unreadCountsQuery } from '../features/header/index';
import {
  flatApps,
  myAppsQuery,
  resourceTreeQuery,
  unreadCodeCountsQuery,
  unreadMap,
  useSourceName,
  visibleCategories,
} from '../features/menu/index';
import { unreadMessagesQuery } from '../features/messages/index';
import { loadsPermissionTree, usePermissions } from '../core/permissions/permission-store';
import { DESKTOP_PERMISSION_APP_CODE } from '../../contract/desktop-codes';
import { isAdminQuery, savedThemeQuery } from '../features/theme/index';
import {
  loadTodoPanel,
  prefetchFirstTodoPage,
  readTodoClosedFlag,
  TODO_PAGES,
  todoPageQuery,
} from '../features/todo/index';

export interface DesktopData {
  loading: boolean;
  failed: boolean;
  categories: MenuCategory[];
  /**
   * Every application of the icon list, hidden ones too: what a message's or to-do's source
   * may name (menu's useSourceName).
   */
  allApps: readonly ApplicationItem[];
  /** The icons' unread counts by application code (features/menu/unread-counts.ts). */
  unread: ReadonlyMap<string, number>;
  counts: UnreadCounts;
  isAdmin: boolean;
  /** Reloads the counts (after messages or to-dos are marked read). */
  refreshCounts: () => void;
  /** Reloads the icons (after a reorder failed, or a role switch). */
  reload: () => void;
}

const NO_COUNTS: UnreadCounts = { todo: 0, message: 0 };
/** What a changed count asks again where it shows: the icons' badges and the to-do pages. */
const ATTENTION_REFRESH = [unreadCodeCountsQuery().key, TODO_PAGES];

/**
 * Everything the desktop shows, from the query cache: the icons (usually prefetched the moment
 * the user was known, so the first render draws them), and once they are on screen their unread
 * counts, the to-do and message counts, whether the user is an administrator, the saved theme
 * and the permission tree. While it shows, new messages and to-dos update these in place and
 * reach the host (features/attention).
 */
export function useDesktopData(user: CurrentUser): DesktopData {
  const { userId, unitId, userType, unitType } = user;
  const apps = useQuery(myAppsQuery(userId, unitId), { staleMs: HAND_OVER_MS });
  const appCounts = useQuery(afterFirstViewQuery(unreadCodeCountsQuery()));
  const counts = useQuery(afterFirstViewQuery(unreadCountsQuery()));
  const isAdmin = useQuery(afterFirstViewQuery(isAdminQuery(userId)));
  // What the desktop applies rather than shows: the saved theme and the permission tree.
  const savedTheme = useQuery(afterFirstViewQuery(savedThemeQuery(userId))).data;
  const tree = useQuery(
    afterFirstViewQuery(resourceTreeQuery(userId, DESKTOP_PERMISSION_APP_CODE)),
    { enabled: loadsPermissionTree(userType) },
  ).data;

  const categories = useMemo(
    () => (apps.data === undefined ? [] : visibleCategories(apps.data, { userType, unitType })),
    [apps.data, userType, unitType],
  );
  const allApps = useMemo(() => flatApps(apps.data ?? []), [apps.data]);
  const unread = useMemo(() => unreadMap(appCounts.data), [appCounts.data]);
  const sourceName = useSourceName(allApps);
  useAttention({
    counts: unreadCountsQuery(),
    messages: unreadMessagesQuery(),
    todos: todoPageQuery(1),
    alsoRefresh: ATTENTION_REFRESH,
    sourceName,
    home: window.location.pathname,
  });

  useEffect(() => {
    if (savedTheme) useTheme.getState().setTheme(savedTheme.theme);
  }, [savedTheme]);
  useEffect(() => {
    if (tree !== undefined && loadsPermissionTree(userType))
      usePermissions.getState().setTree(tree);
  }, [tree, userType]);

  useEffect(() => {
    // The to-do panel opens by itself when the counts show to-dos (spec §4), unless closed this
    // session: its first page and its code come with the counts, not after them.
    if (readTodoClosedFlag() === null) {
      void afterFirstView(async () => {
        prefetchFirstTodoPage();
        await loadTodoPanel();
      }).catch(() => undefined);
    }
  }, [userId, unitId, userType]);

  const refetchCounts = counts.refetch;
  const refreshCounts = useCallback(() => {
    void refetchCounts();
  }, [refetchCounts]);
  const refetchApps = apps.refetch;
  const refetchAppCounts = appCounts.refetch;
  const reload = useCallback(() => {
    void refetchApps();
    void refetchAppCounts();
  }, [refetchApps, refetchAppCounts]);

  return {
    loading: apps.status === 'pending' || apps.fetching,
    failed: apps.status === 'error',
    categories,
    allApps,
    unread,
    counts: counts.data ?? NO_COUNTS,
    isAdmin: isAdmin.data ?? false,
    refreshCounts,
    reload,
  };
}

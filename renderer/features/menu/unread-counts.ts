import { createContext, useContext } from 'react';
import type { ApplicationItem, AppUnreadCount } from '../../../contract/desktop';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * The applications' unread counts from unReadCodeCount (spec §7), by application code. A shell
 * gives them around its icons and each icon reads its own, so counts that arrive after the icons
 * re-render the icons whose count changed, not the grids, menus and drag contexts around them.
 */
export const AppUnreadCounts = createContext<ReadonlyMap<string, number>>(NONE);

export function unreadMap(
  list: readonly AppUnreadCount[] | undefined,
): ReadonlyMap<string, number> {
  return list === undefined ? NONE : new Map(list.map((entry) => [entry.code, entry.num]));
}

/** An icon's unread count: unReadCodeCount's, over the count the icon list carried. */
export function useAppUnread(app: ApplicationItem): number {
  return useContext(AppUnreadCounts).get(app.code) ?? app.unReadCodeCount;
}

import { DESKTOP_API } from '../../../contract/api-paths';
import type { UnreadCounts } from '../../../contract/desktop';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { http } from '../../core/http/http';
import type { Query } from '../../core/query/query-cache';
import { wireCount } from '../../core/wire';

/** The unread to-do and message counts (spec §7 unhandlecount). */
export async function fetchUnreadCounts(): Promise<UnreadCounts> {
  const answer = await http.get(DESKTOP_API.unhandleCount, undefined, {
    noIntercept: true,
  });
  if (answer.status !== SUCCESS_STATUS || typeof answer.data !== 'object' || answer.data === null) {
    return { todo: 0, message: 0 };
  }
  const data = answer.data as Record<string, unknown>;
  return { todo: wireCount(data.todo), message: wireCount(data.message) };
}

/** The header's counts as the query cache knows them. */
export function unreadCountsQuery(): Query<UnreadCounts> {
  return { key: ['unread-counts'], fetch: () => fetchUnreadCounts() };
}

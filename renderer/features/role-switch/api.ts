import { API, DESKTOP_API } from '../../../contract/api-paths';
import type { RoleSwitchEntry } from '../../../contract/desktop';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { afterFirstView } from '../../core/first-view';
import { http } from '../../core/http/http';
import type { Query } from '../../core/query/query-cache';
import { wireText } from '../../core/wire';

function toEntry(value: unknown): RoleSwitchEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (wireText(entry.id) === '') return null;
  return {
    id: wireText(entry.id),
    current: entry.current === true,
    name: wireText(entry.name),
    parentId: wireText(entry.parentId),
    parentName: wireText(entry.parentName),
    teacherId: wireText(entry.teacherId),
    teacherName: wireText(entry.teacherName),
  };
}

/** The linked teacher/parent identities of the user (spec §7 select/already/parent/teacher). */
export async function fetchRoleEntries(
  userId: string,
  userType: string,
): Promise<RoleSwitchEntry[]> {
  const query = userType === '3' ? { parentId: userId } : { teacherId: userId };
  const answer = await http.get(DESKTOP_API.parentTeacherLinks, query, {
    noIntercept: true,
  });
  if (answer.status !== SUCCESS_STATUS || !Array.isArray(answer.data)) return [];
  return answer.data.map(toEntry).filter((entry) => entry !== null);
}

/**
 * The header's list of identities, as the query cache knows it: asked once the desktop's first
 * view is on screen (core/first-view.ts).
 */
export function roleEntriesQuery(userId: string, userType: string): Query<RoleSwitchEntry[]> {
  return {
    key: ['role-entries', userId, userType],
    fetch: () => afterFirstView(() => fetchRoleEntries(userId, userType)),
  };
}

/** Moves the session to a linked identity (spec §7 GET /api/uaa/switch/login). */
export async function switchIdentity(userId: string): Promise<boolean> {
  const answer = await http.get(API.switchLogin, { userId });
  return answer.status === SUCCESS_STATUS;
}

import type { AuthContext } from '../auth/authenticate';

/** User types that count as staff of their unit (spec §1: 2 teacher, 4 treated like one). */
const STAFF_USER_TYPES: ReadonlySet<number> = new Set([2, 4]);

export function isStaff(userType: number): boolean {
  return STAFF_USER_TYPES.has(userType);
}

/** Whether an id on the wire is the caller's own user id. */
export function isOwnUser(auth: AuthContext, userId: string): boolean {
  return userId === String(auth.user.id);
}

/** Whether an id on the wire is the caller's own unit id. */
export function isOwnUnit(auth: AuthContext, unitId: string): boolean {
  return unitId === String(auth.unit.id);
}

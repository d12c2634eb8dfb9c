import { PARENT_USER_TYPE, type Child, type CurrentUserWire } from '../../contract/auth';
import { pickCurrentChild } from '../base/current-child';
import { unitLogoPath } from '../storage/paths';
import type { Unit } from '../tenancy/units';
import type { User } from './users';

/** Whether the user is a parent, whose children travel with the current user (spec §4). */
export function isParent(user: User): boolean {
  return String(user.userType) === PARENT_USER_TYPE;
}

/**
 * The current user in its wire shape (spec §3), misspelt fields included. For a parent the
 * current child is the chosen one while active, else the first active one (spec §4).
 */
export function toCurrentUserWire(
  user: User,
  unit: Unit,
  children: readonly Child[],
  accessToken: string,
  /** The child the parent chose last (student/set/parentChildren), if any. */
  chosenChildId?: string,
): CurrentUserWire {
  const parent = isParent(user);
  const childList = parent ? [...children] : [];
  const current = pickCurrentChild(childList, chosenChildId);
  return {
    realName: user.realName,
    loginName: user.loginName,
    avatar: user.avatar,
    unitId: String(unit.id),
    unitType: String(unit.unitType),
    userType: String(user.userType),
    userId: String(user.id),
    unitName: unit.name,
    unitEnName: unit.enName,
    chirdenId: current?.id ?? '',
    unitImgPath: unitLogoPath(unit.id),
    userImgPath: user.avatar,
    year: user.schoolYear,
    // A parent's own id is the parent id their children are linked to.
    parentId: parent ? String(user.id) : '',
    term: user.term,
    name: user.loginName,
    superman: user.superman,
    accessToken,
    sex: user.sex,
    principal: user.loginName,
    unitStatus: unit.unitStatus,
    unitShardingCode: unit.shardingCode,
    userStatus: user.userStatus,
    // Never the password or its hash: the field exists on the wire, its content does not.
    credentials: '',
    authenticated: true,
    campusUnits: unit.campusUnits,
    chirdenName: current?.realName ?? '',
    chirdenList: childList,
    currentChirden: current,
  };
}

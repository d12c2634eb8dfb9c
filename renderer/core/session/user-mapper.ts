import type { Child, CurrentUserWire } from '../../../contract/auth';
import { isWireRecord, wireInteger, wireText } from '../wire';

/** A campus of a multi-campus unit: the shape is the platform's, kept as it comes. */
export type CampusUnit = Readonly<Record<string, unknown>>;

/**
 * The current user (spec §3) with correct names. The wire's misspelt fields (chirdenId,
 * chirdenName, chirdenList, currentChirden) are mapped here and nowhere else: read in mapUser,
 * written back in toStoredUser.
 */
export interface CurrentUser {
  realName: string;
  loginName: string;
  avatar: string;
  unitId: string;
  unitType: string;
  userType: string;
  userId: string;
  unitName: string;
  unitEnName: string;
  childId: string;
  unitImgPath: string;
  userImgPath: string;
  year: string;
  parentId: string;
  term: string;
  name: string;
  superman: boolean;
  accessToken: string;
  sex: number;
  principal: string;
  unitStatus: number;
  unitShardingCode: string;
  userStatus: number;
  credentials: string;
  authenticated: boolean;
  campusUnits: CampusUnit[];
  childName: string;
  childList: Child[];
  currentChild: Child | null;
  /**
   * The user must change a one-time password before anything else (a reference-server field:
   * false when the server does not send it).
   */
  mustChangePassword: boolean;
}

/** Default user images by sex (spec §3): 1 boy, 2 girl, otherwise the default. */
export const AVATAR_BOY = '/common/images/avatar-boy.svg';
export const AVATAR_GIRL = '/common/images/avatar-girl.svg';
export const AVATAR_DEFAULT = '/common/images/avatar-default.svg';

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function toChild(value: unknown): Child | null {
  if (!isWireRecord(value)) return null;
  const id = wireText(value.id);
  if (id === '') return null;
  return {
    id,
    realName: wireText(value.realName),
    gradeName: wireText(value.gradeName),
    className: wireText(value.className),
    status: wireInteger(value.status),
    parentId: wireText(value.parentId),
  };
}

function toChildren(value: unknown): Child[] {
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).map(toChild).filter((child): child is Child => child !== null);
}

/** campusUnits travels as a JSON string (spec §3); anything unreadable is an empty list. */
export function parseCampusUnits(value: unknown): CampusUnit[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? (list as unknown[]).filter(isWireRecord) : [];
}

function mapUser(wire: Record<string, unknown>): CurrentUser {
  return {
    realName: wireText(wire.realName),
    loginName: wireText(wire.loginName),
    avatar: wireText(wire.avatar),
    unitId: wireText(wire.unitId),
    unitType: wireText(wire.unitType),
    userType: wireText(wire.userType),
    userId: wireText(wire.userId),
    unitName: wireText(wire.unitName),
    unitEnName: wireText(wire.unitEnName),
    childId: wireText(wire.chirdenId),
    unitImgPath: wireText(wire.unitImgPath),
    userImgPath: wireText(wire.userImgPath),
    year: wireText(wire.year),
    parentId: wireText(wire.parentId),
    term: wireText(wire.term),
    name: wireText(wire.name),
    superman: flag(wire.superman),
    accessToken: wireText(wire.accessToken),
    sex: wireInteger(wire.sex),
    principal: wireText(wire.principal),
    unitStatus: wireInteger(wire.unitStatus),
    unitShardingCode: wireText(wire.unitShardingCode),
    userStatus: wireInteger(wire.userStatus),
    credentials: wireText(wire.credentials),
    authenticated: flag(wire.authenticated),
    campusUnits: parseCampusUnits(wire.campusUnits),
    childName: wireText(wire.chirdenName),
    childList: toChildren(wire.chirdenList),
    currentChild: toChild(wire.currentChirden),
    mustChangePassword: flag(wire.mustChangePassword),
  };
}

/** Maps the wire user (spec §3) to the renderer's CurrentUser. */
export function toCurrentUser(wire: CurrentUserWire): CurrentUser {
  return mapUser(wire);
}

/**
 * Reads the data of a current-user answer: a user only when it is an object with a userId;
 * otherwise null.
 */
export function parseCurrentUser(data: unknown): CurrentUser | null {
  if (!isWireRecord(data)) return null;
  const user = mapUser(data);
  return user.userId === '' ? null : user;
}

/** The image of a user without one of their own, by sex (spec §3). */
export function defaultUserImage(sex: number): string {
  if (sex === 1) return AVATAR_BOY;
  if (sex === 2) return AVATAR_GIRL;
  return AVATAR_DEFAULT;
}

/** The user's own image (avatar, then userImgPath), else the default by sex. */
export function userImage(user: Pick<CurrentUser, 'avatar' | 'userImgPath' | 'sex'>): string {
  if (user.avatar !== '') return user.avatar;
  if (user.userImgPath !== '') return user.userImgPath;
  return defaultUserImage(user.sex);
}

/**
 * The record under local `user` (spec §3 storage): the current user (state) as the platform's
 * other applications on this origin read it, so it keeps the wire's spelling of the children
 * (chirdenId, chirdenName, chirdenList, currentChirden), and campusUnits as the state holds it
 * (a list). It never holds the access token or the credentials (docs/security.md).
 */
export type StoredUser = Omit<CurrentUserWire, 'accessToken' | 'credentials' | 'campusUnits'> & {
  campusUnits: CampusUnit[];
};

/**
 * The user as stored under local `user`: the wire's names back. Each field is named, so a field
 * added to the user later (a secret, say) is stored only once it is added here.
 */
export function toStoredUser(user: CurrentUser): StoredUser {
  return {
    realName: user.realName,
    loginName: user.loginName,
    avatar: user.avatar,
    unitId: user.unitId,
    unitType: user.unitType,
    userType: user.userType,
    userId: user.userId,
    unitName: user.unitName,
    unitEnName: user.unitEnName,
    chirdenId: user.childId,
    unitImgPath: user.unitImgPath,
    userImgPath: user.userImgPath,
    year: user.year,
    parentId: user.parentId,
    term: user.term,
    name: user.name,
    superman: user.superman,
    sex: user.sex,
    principal: user.principal,
    unitStatus: user.unitStatus,
    unitShardingCode: user.unitShardingCode,
    userStatus: user.userStatus,
    authenticated: user.authenticated,
    campusUnits: user.campusUnits,
    chirdenName: user.childName,
    chirdenList: user.childList,
    currentChirden: user.currentChild,
  };
}

export function serialiseStoredUser(user: CurrentUser): string {
  return JSON.stringify(toStoredUser(user));
}

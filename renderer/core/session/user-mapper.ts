import type { Child, CurrentUserWire } from '../../../contract/auth';

/** A campus of a multi-campus unit: the shape is the platform's, kept as it comes. */
export type CampusUnit = Readonly<Record<string, unknown>>;

/**
 * The current user (spec §3) with correct names. The wire's misspelt fields (chirdenId,
 * chirdenName, chirdenList, currentChirden) are mapped here and nowhere else.
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
}

/** Default user images by sex (spec §3): 1 boy, 2 girl, otherwise the default. */
export const AVATAR_BOY = '/common/images/avatar-boy.svg';
export const AVATAR_GIRL = '/common/images/avatar-girl.svg';
export const AVATAR_DEFAULT = '/common/images/avatar-default.svg';

type WireRecord = Record<string, unknown>;

function isRecord(value: unknown): value is WireRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The platform is lenient with types (ids as numbers, flags as strings): accept both.
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function integer(value: unknown): number {
  const parsed = typeof value === 'string' ? Number(value.trim() || Number.NaN) : value;
  return typeof parsed === 'number' && Number.isInteger(parsed) ? parsed : 0;
}

function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

function toChild(value: unknown): Child | null {
  if (!isRecord(value)) return null;
  const id = text(value.id);
  if (id === '') return null;
  return {
    id,
    realName: text(value.realName),
    gradeName: text(value.gradeName),
    className: text(value.className),
    status: integer(value.status),
    parentId: text(value.parentId),
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
  return Array.isArray(list) ? (list as unknown[]).filter(isRecord) : [];
}

function mapUser(wire: WireRecord): CurrentUser {
  return {
    realName: text(wire.realName),
    loginName: text(wire.loginName),
    avatar: text(wire.avatar),
    unitId: text(wire.unitId),
    unitType: text(wire.unitType),
    userType: text(wire.userType),
    userId: text(wire.userId),
    unitName: text(wire.unitName),
    unitEnName: text(wire.unitEnName),
    childId: text(wire.chirdenId),
    unitImgPath: text(wire.unitImgPath),
    userImgPath: text(wire.userImgPath),
    year: text(wire.year),
    parentId: text(wire.parentId),
    term: text(wire.term),
    name: text(wire.name),
    superman: flag(wire.superman),
    accessToken: text(wire.accessToken),
    sex: integer(wire.sex),
    principal: text(wire.principal),
    unitStatus: integer(wire.unitStatus),
    unitShardingCode: text(wire.unitShardingCode),
    userStatus: integer(wire.userStatus),
    credentials: text(wire.credentials),
    authenticated: flag(wire.authenticated),
    campusUnits: parseCampusUnits(wire.campusUnits),
    childName: text(wire.chirdenName),
    childList: toChildren(wire.chirdenList),
    currentChild: toChild(wire.currentChirden),
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
  if (!isRecord(data)) return null;
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

/** Fields never written to storage: the access token and the credentials. */
const SECRET_FIELDS = new Set(['accessToken', 'credentials']);

/** The user as stored under local `user` (spec §3), without its secrets. */
export function serialiseStoredUser(user: CurrentUser): string {
  return JSON.stringify(user, (key: string, value: unknown) =>
    SECRET_FIELDS.has(key) ? undefined : value,
  );
}

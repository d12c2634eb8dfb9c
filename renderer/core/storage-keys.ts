/**
 * Every browser-storage key of spec §3 in one place, with helpers that never throw: storage can be
 * disabled, full, or throw on access in private browsing, and none of that may break a page.
 */

/** localStorage keys. The first six are the spec's names; the rest are EduDesk's own. */
export const LOCAL_KEYS = {
  user: 'user',
  isLogouted: 'IS_LOGOUTED',
  autoLoginNum: 'AUTO_LOGIN_NUM',
  productCode: 'SHIYUE_PRODUCTCODE',
  /** The language the user chose. */
  chosenLanguage: 'lange_',
  /** The stored language id. */
  lang: 'lang',
  clientId: 'SY_CLIENT_ID',
  ticketCode: 'SY_TICKET_CODE',
  rememberPassword: 'SY_REMEMBER_PASSWORD',
  /** Prefix of the left-menu lock; the lock is remembered per user (see `menuLockKey`). */
  menuLock: 'SY_MENU_LOCK',
  /** Prefix of the unit style key (layout per unit, spec §4 theme), see unitStyleKey. */
  unitStyle: 'SY_UNIT_STYLE',
  /** Prefix of the recent applications per user (up to 10, spec §9), see recentAppsKey. */
  recentApps: 'SY_RECENT_APPS',
  /** This browser's stable device id, sent with social logins (docs/social-login.md). */
  deviceId: 'SY_DEVICE_ID',
  /** 'on': the user switched on the browser's notifications of new messages (web host). */
  browserNotifications: 'SY_BROWSER_NOTIFICATIONS',
} as const;

/** sessionStorage keys. */
export const SESSION_KEYS = {
  myLanguage: 'PH_MY_SET_LANG',
  theme: 'theme',
  langType: 'langType',
  childId: 'childId',
  /** Set by the login page so the landing page confirms the login ('登录成功！'). */
  loginSucceeded: 'SY_LOGIN_SUCCEEDED',
  /** A device (client id) login failed this session: not tried again (no redirect loop). */
  deviceLoginFailed: 'SY_DEVICE_LOGIN_FAILED',
  /** The to-do panel was closed by its icon: not shown again this session (spec §4). */
  todoClosed: 'SY_TODO_CLOSED',
  /** The third-party sign-ins this tab started: state → provider id (spec §4 step 6). */
  socialStates: 'SY_SOCIAL_STATES',
  /** Step 8 went to the in-app authorisation once this session: not again (no loop). */
  socialInAppTried: 'SY_SOCIAL_IN_APP_TRIED',
  /** The landing page this tab's login page prerenders: its id (core/prerender.ts). */
  prerenderId: 'SY_PRERENDER_ID',
} as const;

/** localStorage keys with this prefix are removed on logout (spec §4). */
export const REMOVE_PREFIX = '_remove_';
/** The value IS_LOGOUTED takes after an explicit logout. */
export const LOGOUT_FLAG_VALUE = 'logout';

/** Every key by its name, local and session together (no name is used twice). */
export const STORAGE_KEYS = { ...LOCAL_KEYS, ...SESSION_KEYS } as const;

export type MenuLockKey = `${typeof LOCAL_KEYS.menuLock}:${string}`;
export type RemovableKey = `${typeof REMOVE_PREFIX}${string}`;
export type UnitStyleKey = `${typeof LOCAL_KEYS.unitStyle}:${string}`;
export type RecentAppsKey = `${typeof LOCAL_KEYS.recentApps}:${string}`;
export type LocalKey =
  | (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS]
  | MenuLockKey
  | RemovableKey
  | UnitStyleKey
  | RecentAppsKey;
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

export function menuLockKey(userId: string): MenuLockKey {
  return `${LOCAL_KEYS.menuLock}:${userId}`;
}

export function unitStyleKey(unitId: string): UnitStyleKey {
  return `${LOCAL_KEYS.unitStyle}:${unitId}`;
}

export function recentAppsKey(userId: string): RecentAppsKey {
  return `${LOCAL_KEYS.recentApps}:${userId}`;
}

export function removableKey(name: string): RemovableKey {
  return `${REMOVE_PREFIX}${name}`;
}

type StorageKind = 'localStorage' | 'sessionStorage';

function storage(kind: StorageKind): Storage | null {
  try {
    // Reading the property itself throws when storage is blocked (e.g. sandboxed iframes).
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

function read(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: StorageKind, key: string, value: string): boolean {
  try {
    const target = storage(kind);
    if (!target) return false;
    target.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function remove(kind: StorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // Nothing to do: a storage that cannot be reached holds nothing to remove.
  }
}

export function readLocal(key: LocalKey): string | null {
  return read('localStorage', key);
}

/** Returns false when the value could not be stored (disabled storage, quota exceeded). */
export function writeLocal(key: LocalKey, value: string): boolean {
  return write('localStorage', key, value);
}

export function removeLocal(key: LocalKey): void {
  remove('localStorage', key);
}

/** Every localStorage key starting with `prefix`, read before removing anything. */
export function localKeysWithPrefix(prefix: string): string[] {
  try {
    const target = storage('localStorage');
    if (!target) return [];
    const keys: string[] = [];
    for (let index = 0; index < target.length; index += 1) {
      const key = target.key(index);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

export function removeLocalWithPrefix(prefix: string): void {
  for (const key of localKeysWithPrefix(prefix)) remove('localStorage', key);
}

export function readSession(key: SessionKey): string | null {
  return read('sessionStorage', key);
}

export function writeSession(key: SessionKey, value: string): boolean {
  return write('sessionStorage', key, value);
}

export function removeSession(key: SessionKey): void {
  remove('sessionStorage', key);
}

export function clearSessionStorage(): void {
  try {
    storage('sessionStorage')?.clear();
  } catch {
    // Unreachable storage holds nothing to clear.
  }
}

import {
  LOCAL_KEYS,
  LOGOUT_FLAG_VALUE,
  REMOVE_PREFIX,
  clearSessionStorage,
  removeLocal,
  removeLocalWithPrefix,
  writeLocal,
} from '../storage-keys';

/**
 * The storage part of logout (spec §4): the stored user, every key prefixed _remove_, all of
 * session storage, AUTO_LOGIN_NUM and SHIYUE_PRODUCTCODE go, and IS_LOGOUTED becomes 'logout'
 * (which stops auto-login, §4 step 9). The spec says "in production"; the dev server behaves the
 * same, so what is tested in development is what ships. The remembered-password record stays:
 * the login form pre-fills it, and IS_LOGOUTED is what keeps it from logging in by itself.
 */
export function clearStorageOnLogout(): void {
  removeLocal(LOCAL_KEYS.user);
  clearUserSessionStorage();
  removeLocal(LOCAL_KEYS.autoLoginNum);
  removeLocal(LOCAL_KEYS.productCode);
  writeLocal(LOCAL_KEYS.isLogouted, LOGOUT_FLAG_VALUE);
}

/**
 * What one user's session leaves in the browser for whoever comes next: the keys prefixed
 * _remove_ and the tab's session storage (its theme, the to-do panel closed, hand-overs). Gone at
 * logout, and when another user signs in over a page (renderer/pages/relogin-store.ts).
 */
export function clearUserSessionStorage(): void {
  removeLocalWithPrefix(REMOVE_PREFIX);
  clearSessionStorage();
}

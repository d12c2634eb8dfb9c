// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOCAL_KEYS,
  LOGOUT_FLAG_VALUE,
  REMOVE_PREFIX,
  SESSION_KEYS,
  STORAGE_KEYS,
  clearSessionStorage,
  localKeysWithPrefix,
  menuLockKey,
  readLocal,
  readSession,
  removableKey,
  removeLocal,
  removeLocalWithPrefix,
  writeLocal,
  writeSession,
} from './storage-keys';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('storage keys (spec §3)', () => {
  it("uses the spec's names", () => {
    expect(LOCAL_KEYS).toMatchObject({
      user: 'user',
      isLogouted: 'IS_LOGOUTED',
      autoLoginNum: 'AUTO_LOGIN_NUM',
      productCode: 'SHIYUE_PRODUCTCODE',
      chosenLanguage: 'lange_',
      lang: 'lang',
    });
    expect(SESSION_KEYS.myLanguage).toBe('PH_MY_SET_LANG');
    expect(REMOVE_PREFIX).toBe('_remove_');
    expect(LOGOUT_FLAG_VALUE).toBe('logout');
  });

  it('gives every key a distinct value and holds them all in STORAGE_KEYS', () => {
    const values = Object.values(STORAGE_KEYS);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toHaveLength(Object.keys(LOCAL_KEYS).length + Object.keys(SESSION_KEYS).length);
    expect(STORAGE_KEYS.isLogouted).toBe('IS_LOGOUTED');
    expect(STORAGE_KEYS.childId).toBe('childId');
  });

  it('builds the per-user menu lock key and removable keys', () => {
    expect(menuLockKey('u1')).toBe('SY_MENU_LOCK:u1');
    expect(removableKey('x')).toBe('_remove_x');
  });
});

describe('helpers', () => {
  it('read, write and remove', () => {
    expect(readLocal('user')).toBeNull();
    expect(writeLocal('user', 'a')).toBe(true);
    expect(readLocal('user')).toBe('a');
    removeLocal('user');
    expect(localStorage.getItem('user')).toBeNull();
    writeSession('theme', 'ink');
    expect(readSession('theme')).toBe('ink');
    clearSessionStorage();
    expect(sessionStorage.length).toBe(0);
  });

  it('finds and removes keys by prefix only', () => {
    localStorage.setItem('_remove_a', '1');
    localStorage.setItem('_remove_b', '2');
    localStorage.setItem('a_remove_', '3');
    expect(localKeysWithPrefix('_remove_').sort()).toEqual(['_remove_a', '_remove_b']);
    removeLocalWithPrefix('_remove_');
    expect(localStorage.length).toBe(1);
  });

  it('never throws when storage refuses (private mode, quota exceeded)', () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw quota;
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw quota;
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw quota;
    });
    vi.spyOn(Storage.prototype, 'clear').mockImplementation(() => {
      throw quota;
    });
    vi.spyOn(Storage.prototype, 'key').mockImplementation(() => {
      throw quota;
    });
    expect(writeLocal('user', 'a')).toBe(false);
    expect(readLocal('user')).toBeNull();
    expect(() => {
      removeLocal('user');
      clearSessionStorage();
      removeLocalWithPrefix('_remove_');
    }).not.toThrow();
    expect(writeSession('theme', 'x')).toBe(false);
    expect(readSession('theme')).toBeNull();
  });

  it('never throws when the storage property itself is blocked', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readLocal('user')).toBeNull();
    expect(writeLocal('user', 'x')).toBe(false);
    expect(localKeysWithPrefix('_')).toEqual([]);
  });
});

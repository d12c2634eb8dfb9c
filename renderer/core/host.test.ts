// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../contract/host';
import { createWebHost, getHost, isHostApi, switchBrowserNotifications } from './host';
import { VAULT_DB_NAME, VAULT_KEY_ID, VAULT_STORE, createWebVault } from './web-vault';
import { fakeDesktopHost } from '../../tests/support/fake-host';

const RECORD_KEY = 'SY_REMEMBER_PASSWORD';
const PASSWORD = 'Edu@2026-secret';

function deleteVault(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(VAULT_DB_NAME);
    req.onsuccess = () => {
      resolve();
    };
    req.onerror = () => {
      reject(req.error ?? new Error('delete failed'));
    };
  });
}

function storedRecord(): { remember: boolean; username: string; password: string } {
  return JSON.parse(localStorage.getItem(RECORD_KEY) ?? 'null') as {
    remember: boolean;
    username: string;
    password: string;
  };
}

beforeEach(async () => {
  localStorage.clear();
  await deleteVault();
});

afterEach(() => {
  delete window.edudesk;
});

describe('web host: remembered login', () => {
  it('round-trips the record', async () => {
    const host = createWebHost();
    await host.saveRememberedLogin({ remember: true, username: 'teacher01', password: PASSWORD });
    expect(await host.loadRememberedLogin()).toEqual({
      remember: true,
      username: 'teacher01',
      password: PASSWORD,
    });
  });

  it('never stores the password in plain text, and a fresh IV makes every save differ', async () => {
    const host = createWebHost();
    await host.saveRememberedLogin({ remember: true, username: 'teacher01', password: PASSWORD });
    const first = storedRecord();
    expect(first.remember).toBe(true);
    expect(first.username).toBe('teacher01');
    const everything = Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
      .join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(atob(first.password)).not.toContain(PASSWORD);
    await host.saveRememberedLogin({ remember: true, username: 'teacher01', password: PASSWORD });
    expect(storedRecord().password).not.toBe(first.password);
  });

  it('keeps the key in IndexedDB, non-extractable, usable by a later host', async () => {
    await createWebHost().saveRememberedLogin({
      remember: true,
      username: 'u',
      password: PASSWORD,
    });
    expect((await createWebHost().loadRememberedLogin())?.password).toBe(PASSWORD);
    const key = await new Promise<unknown>((resolve) => {
      const open = indexedDB.open(VAULT_DB_NAME);
      open.onsuccess = () => {
        const get = open.result.transaction(VAULT_STORE).objectStore(VAULT_STORE).get(VAULT_KEY_ID);
        get.onsuccess = () => {
          open.result.close();
          resolve(get.result);
        };
      };
    });
    expect(key).toBeInstanceOf(CryptoKey);
    expect((key as CryptoKey).extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key as CryptoKey)).rejects.toThrow();
  });

  it.each([
    [
      'a flipped ciphertext byte',
      (r: { password: string }) => {
        const bytes = atob(r.password);
        const last = bytes.charCodeAt(bytes.length - 1) ^ 1;
        return { ...r, password: btoa(bytes.slice(0, -1) + String.fromCharCode(last)) };
      },
    ],
    ['another username', (r: { password: string }) => ({ ...r, username: 'intruder' })],
    ['a password that is not base64', (r: { password: string }) => ({ ...r, password: '***' })],
    ['a password too short', (r: { password: string }) => ({ ...r, password: btoa('abc') })],
  ])('returns null and clears the record on %s', async (_name, tamper) => {
    const host = createWebHost();
    await host.saveRememberedLogin({ remember: true, username: 'teacher01', password: PASSWORD });
    localStorage.setItem(RECORD_KEY, JSON.stringify(tamper(storedRecord())));
    expect(await host.loadRememberedLogin()).toBeNull();
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
  });

  it.each([
    'not json',
    '{"remember":true}',
    '{"remember":false,"username":"a","password":"b"}',
    '[]',
  ])('returns null and clears a malformed record: %s', async (raw) => {
    localStorage.setItem(RECORD_KEY, raw);
    expect(await createWebHost().loadRememberedLogin()).toBeNull();
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
  });

  it('returns null when the key is gone (IndexedDB cleared), and clears the record', async () => {
    const host = createWebHost();
    await host.saveRememberedLogin({ remember: true, username: 'u', password: PASSWORD });
    await deleteVault();
    expect(await host.loadRememberedLogin()).toBeNull();
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
  });

  it('cannot open a record sealed under another key', async () => {
    const other = createWebVault('another-vault');
    const sealed = await other.seal(PASSWORD, 'u');
    // The page's own vault gets a key of its own.
    await createWebHost().saveRememberedLogin({ remember: true, username: 'x', password: 'y' });
    localStorage.setItem(
      RECORD_KEY,
      JSON.stringify({ remember: true, username: 'u', password: sealed }),
    );
    expect(await createWebHost().loadRememberedLogin()).toBeNull();
  });

  it('stores nothing and keeps nothing stale when the vault is unavailable', async () => {
    const broken = createWebHost({
      seal: () => Promise.reject(new Error('no IndexedDB')),
      open: () => Promise.resolve({ ok: false, reason: 'unavailable' }),
    });
    localStorage.setItem(RECORD_KEY, '{"remember":true,"username":"old","password":"x"}');
    await broken.saveRememberedLogin({ remember: true, username: 'u', password: PASSWORD });
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
    localStorage.setItem(RECORD_KEY, '{"remember":true,"username":"old","password":"x"}');
    // Unavailable now is not corrupt: the record is kept for when the vault is back.
    expect(await broken.loadRememberedLogin()).toBeNull();
    expect(localStorage.getItem(RECORD_KEY)).not.toBeNull();
  });

  it('clears the record, also when saving with remember off', async () => {
    const host = createWebHost();
    await host.saveRememberedLogin({ remember: true, username: 'u', password: PASSWORD });
    await host.clearRememberedLogin();
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
    await host.saveRememberedLogin({ remember: true, username: 'u', password: PASSWORD });
    await host.saveRememberedLogin({ remember: false, username: 'u', password: PASSWORD });
    expect(localStorage.getItem(RECORD_KEY)).toBeNull();
    expect(await host.loadRememberedLogin()).toBeNull();
  });
});

describe('getHost', () => {
  it('is the web host in a browser, with every flag off', async () => {
    const host = getHost();
    expect(host.kind).toBe('web');
    expect(getHost()).toBe(host);
    expect(await host.getConfigFlags()).toEqual({
      disableAutoLogin: false,
      disableThemeButton: false,
      disableLanguageButton: false,
    });
  });

  it('uses the desktop bridge when it is complete, and ignores a partial one', () => {
    const bridge = fakeDesktopHost({
      flags: { disableAutoLogin: true, disableThemeButton: true, disableLanguageButton: true },
    });
    window.edudesk = bridge;
    expect(getHost()).toBe(bridge);
    window.edudesk = { kind: 'desktop' } as unknown as HostApi;
    expect(getHost().kind).toBe('web');
    expect(isHostApi({ ...bridge, kind: 'other' })).toBe(false);
    expect(isHostApi({ ...bridge, notify: 'yes' })).toBe(false);
    expect(isHostApi({ ...bridge, setBadgeCount: () => Promise.resolve() })).toBe(true);
    expect(isHostApi(null)).toBe(false);
  });
});

describe('web host: badge and notifications', () => {
  const ROUTE = '/pages/base/pc_desktop_all/index.html';

  /** The browser's Notification API as jsdom lacks it: what was shown, and the permission. */
  function installNotification(permission: NotificationPermission, answer = permission) {
    const shown: { title: string; body: string | undefined; notification: EventTarget }[] = [];
    class FakeNotification extends EventTarget {
      static permission = permission;
      static requestPermission = vi.fn(() => {
        FakeNotification.permission = answer;
        return Promise.resolve(answer);
      });
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        super();
        shown.push({ title, body: options?.body, notification: this });
      }
      close() {
        return undefined;
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    return { shown, FakeNotification };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    document.title = '';
  });

  it('prefixes the page title with the count, capped at 99+, keeping the page title', async () => {
    const host = createWebHost();
    document.title = '桌面';
    await host.setBadgeCount?.(3);
    expect(document.title).toBe('(3) 桌面');
    await host.setBadgeCount?.(120);
    expect(document.title).toBe('(99+) 桌面');
    await host.setBadgeCount?.(0);
    expect(document.title).toBe('桌面');
  });

  it('keeps the count in front when the page names itself again', async () => {
    const host = createWebHost();
    document.title = '阳光实验小学';
    await host.setBadgeCount?.(2);
    document.title = 'Sunshine Experimental Primary School';
    await vi.waitFor(() => {
      expect(document.title).toBe('(2) Sunshine Experimental Primary School');
    });
    await host.setBadgeCount?.(0);
  });

  it('shows no browser notification until the user switched them on', async () => {
    const { shown } = installNotification('granted');
    const host = createWebHost();
    await host.notify?.({ title: '办公', body: '开会', route: ROUTE });
    expect(shown).toEqual([]);
    expect(await switchBrowserNotifications(true)).toBe(true);
    await host.notify?.({ title: '办公', body: '开会', route: ROUTE });
    await expect(
      host.notify?.({ title: '办公', body: '外链', route: 'https://evil.example/' }),
    ).rejects.toThrow(TypeError);
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: '办公', body: '开会' },
    ]);
    expect(await switchBrowserNotifications(false)).toBe(false);
    await host.notify?.({ title: '办公', body: '又一条', route: ROUTE });
    expect(shown).toHaveLength(1);
  });

  it('asks the browser when switched on, and stays off when the user refuses', async () => {
    const { FakeNotification, shown } = installNotification('default', 'denied');
    expect(await switchBrowserNotifications(true)).toBe(false);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await createWebHost().notify?.({ title: '办公', body: '开会', route: ROUTE });
    expect(shown).toEqual([]);
  });
});

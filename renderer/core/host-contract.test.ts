// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { HostApi, HostKind } from '../../contract/host';
import { createIpcHandlers, type IpcHandlers } from '../../main/ipc/ipc-handlers';
import type { IpcSenderEvent } from '../../main/ipc/sender';
import { createFakeSafeStorage } from '../../main/testing/fake-safe-storage';
import { createMemoryVaultStore, createVault } from '../../main/vault/vault';
import { createHostBridge, type Invoke } from '../../contract/host-bridge';
import { createWebHost } from './host';
import { VAULT_DB_NAME } from './web-vault';

/**
 * The host bridge's contract (contract/host.ts), one suite run against both implementations: the
 * web host of the browser build, and the Electron preload bridge wired through a fake IPC to the
 * real main-process handlers and vault (only safeStorage and the IPC pipe are stand-ins). Where
 * the two are meant to differ, the difference is a named trait, not a skipped test.
 */
interface HostUnderTest {
  host: HostApi;
  /** Another host over the same storage: a page reload, or the client restarted. */
  reopen(): HostApi;
  /** Everything the host has written to persistent storage, as text. */
  persisted(): string;
  traits: {
    kind: HostKind;
    /** The desktop client forgets the vault entry on logout; the web keeps it (pre-fill). */
    forgetsOnLogout: boolean;
    /** The desktop client has a host app that takes over on the logout hook. */
    handlesLogoutHook: boolean;
    /** The host shows a badge and notifications (setBadgeCount, notify). */
    attention: boolean;
  };
}

const PASSWORD = 'Edu@2026-contract';
const LOGIN = { remember: true, username: 'teacher01', password: PASSWORD };

function deleteDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(VAULT_DB_NAME);
    request.onsuccess = () => {
      resolve();
    };
    request.onerror = () => {
      reject(request.error ?? new Error('delete failed'));
    };
  });
}

function webHost(): HostUnderTest {
  return {
    host: createWebHost(),
    reopen: () => createWebHost(),
    persisted: () =>
      Object.keys(localStorage)
        .map((key) => `${key}=${localStorage.getItem(key) ?? ''}`)
        .join('\n'),
    traits: { kind: 'web', forgetsOnLogout: false, handlesLogoutHook: false, attention: true },
  };
}

const PLATFORM = 'https://school.example.edu';
const SENDER: IpcSenderEvent = {
  senderFrame: { url: `${PLATFORM}/pages/base/pc_desktop_all/index.html`, origin: PLATFORM },
};

/** ipcRenderer.invoke → ipcMain.handle: structured-cloned both ways, a throw becomes a rejection. */
function fakeIpc(handlers: IpcHandlers): Invoke {
  return async (channel, ...args) => {
    const answer: unknown = await handlers[channel](SENDER, ...structuredClone(args));
    return structuredClone(answer);
  };
}

function desktopBridge(): HostUnderTest {
  const store = createMemoryVaultStore();
  const encryption = createFakeSafeStorage();
  const connect = () => {
    const vault = createVault({ store, encryption, platform: 'win32' });
    const handlers = createIpcHandlers({
      platformOrigin: () => PLATFORM,
      flags: () => ({
        disableAutoLogin: false,
        disableThemeButton: false,
        disableLanguageButton: false,
      }),
      deploymentClientId: () => null,
      vault,
      logoutHook: () => true,
      setBadgeCount: () => undefined,
      notify: () => undefined,
    });
    return createHostBridge(fakeIpc(handlers));
  };
  return {
    host: connect(),
    reopen: connect,
    persisted: () => JSON.stringify(store.read()),
    traits: { kind: 'desktop', forgetsOnLogout: true, handlesLogoutHook: true, attention: true },
  };
}

beforeEach(async () => {
  localStorage.clear();
  await deleteDatabase();
});

describe.each([
  ['web host (browser build)', webHost],
  ['preload bridge → main handlers (desktop client)', desktopBridge],
])('HostApi contract: %s', (_name, make) => {
  it('says which host it is', () => {
    const { host, traits } = make();
    expect(host.kind).toBe(traits.kind);
  });

  it('answers the three deployment flags as booleans', async () => {
    const flags = await make().host.getConfigFlags();
    expect(Object.keys(flags).sort()).toEqual(
      ['disableAutoLogin', 'disableLanguageButton', 'disableThemeButton'].sort(),
    );
    for (const value of Object.values(flags)) expect(typeof value).toBe('boolean');
  });

  it('remembers a login across a reload, never in plain text', async () => {
    const subject = make();
    expect(await subject.host.loadRememberedLogin()).toBeNull();
    await subject.host.saveRememberedLogin(LOGIN);
    expect(await subject.reopen().loadRememberedLogin()).toEqual(LOGIN);
    expect(subject.persisted()).not.toBe('');
    expect(subject.persisted()).not.toContain(PASSWORD);
  });

  it('replaces the remembered login, and forgets it on clear or when remember is off', async () => {
    const { host } = make();
    await host.saveRememberedLogin(LOGIN);
    await host.saveRememberedLogin({ ...LOGIN, password: 'second' });
    expect((await host.loadRememberedLogin())?.password).toBe('second');
    await host.clearRememberedLogin();
    expect(await host.loadRememberedLogin()).toBeNull();
    await host.saveRememberedLogin(LOGIN);
    await host.saveRememberedLogin({ ...LOGIN, remember: false });
    expect(await host.loadRememberedLogin()).toBeNull();
  });

  it('keeps a client id across a reload and refuses an invalid one', async () => {
    const subject = make();
    expect(await subject.host.loadClientId()).toBeNull();
    await subject.host.saveClientId('device-42');
    expect(await subject.reopen().loadClientId()).toBe('device-42');
    await expect(subject.host.saveClientId('')).rejects.toThrow();
    await expect(subject.host.saveClientId('two words')).rejects.toThrow();
    expect(await subject.host.loadClientId()).toBe('device-42');
  });

  it('on logout keeps or forgets the remembered login and client id as its trait says', async () => {
    const { host, traits } = make();
    await host.saveRememberedLogin(LOGIN);
    await host.saveClientId('device-42');
    await host.onLoggedOut();
    if (traits.forgetsOnLogout) {
      expect(await host.loadRememberedLogin()).toBeNull();
      expect(await host.loadClientId()).toBeNull();
    } else {
      expect(await host.loadRememberedLogin()).toEqual(LOGIN);
      expect(await host.loadClientId()).toBe('device-42');
    }
  });

  it('tells the page whether a host app took over on the logout hook', async () => {
    const { host, traits } = make();
    expect(await host.logoutHook('设备登录失败！')).toBe(traits.handlesLogoutHook);
  });

  it('takes a badge count and notifications of platform routes only, as its trait says', async () => {
    const { host, traits } = make();
    if (!traits.attention) {
      expect('setBadgeCount' in host).toBe(false);
      expect('notify' in host).toBe(false);
      return;
    }
    await host.setBadgeCount?.(3);
    await host.notify?.({ title: '新消息', body: '内容', route: '/desktop' });
    await expect(host.setBadgeCount?.(-1)).rejects.toThrow();
    await expect(
      host.notify?.({ title: '新消息', body: '内容', route: 'https://evil.example.com/' }),
    ).rejects.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { IPC, type IpcChannel } from '../../contract/ipc';
import { createFakeSafeStorage } from '../testing/fake-safe-storage';
import { createMemoryVaultStore, createVault } from '../vault/vault';
import {
  createIpcHandlers,
  IpcRefusedError,
  registerIpcHandlers,
  type HostServices,
} from './ipc-handlers';
import { isPlatformSender, type IpcSenderEvent } from './sender';

const PLATFORM = 'https://school.example.edu';
const LOGIN = { remember: true, username: 'teacher01', password: 'Edu@2026' };
const NOTE = { title: '新消息', body: '王老师：明天开会', route: '/pages/notice/index.html#/1' };

function frame(url: string, origin = new URL(url).origin): IpcSenderEvent {
  return { senderFrame: { url, origin } };
}
const FROM_PLATFORM = frame(`${PLATFORM}/pages/base/pc_desktop_all/index.html#/home`);

function setup(overrides: Partial<HostServices> = {}) {
  const vault = createVault({
    store: createMemoryVaultStore(),
    encryption: createFakeSafeStorage(),
    platform: 'win32',
  });
  const hooks: { origin: string; reason: string }[] = [];
  const warnings: string[] = [];
  const badges: number[] = [];
  const notified: unknown[] = [];
  const services: HostServices = {
    platformOrigin: () => PLATFORM,
    flags: () => ({
      disableAutoLogin: true,
      disableThemeButton: false,
      disableLanguageButton: true,
    }),
    deploymentClientId: () => null,
    vault,
    logoutHook: (origin, reason) => {
      hooks.push({ origin, reason });
      return true;
    },
    setBadgeCount: (count) => badges.push(count),
    notify: (notification) => notified.push(notification),
    ...overrides,
  };
  const handlers = createIpcHandlers(services, (message) => warnings.push(message));
  const call = (channel: IpcChannel, event: IpcSenderEvent, ...args: unknown[]) =>
    handlers[channel](event, ...args);
  return { vault, hooks, warnings, badges, notified, handlers, call };
}

describe('IPC handlers: sender origin', () => {
  const foreign: [string, IpcSenderEvent][] = [
    ['another site', frame('https://evil.example.com/')],
    ['a look-alike host', frame('https://school.example.edu.evil.com/')],
    ['plain http of the same host', frame('http://school.example.edu/')],
    ['another port', frame('https://school.example.edu:8443/')],
    ['a bundled page', { senderFrame: { url: 'app://edudesk/first-run.html', origin: 'null' } }],
    ['an opaque srcdoc frame', { senderFrame: { url: 'about:srcdoc', origin: PLATFORM } }],
    ['a frame whose url and origin disagree', { senderFrame: { url: PLATFORM, origin: 'null' } }],
    ['a frame that is gone', { senderFrame: null }],
  ];

  it.each(foreign)('refuses every channel from %s', async (_name, event) => {
    const { call, vault, hooks, warnings, badges, notified } = setup();
    await vault.saveLogin(PLATFORM, LOGIN);
    for (const channel of Object.values(IPC)) {
      expect(() => call(channel, event), channel).toThrow(IpcRefusedError);
    }
    expect(() => call(IPC.saveRememberedLogin, event, LOGIN)).toThrow(/not the platform origin/);
    expect(() => call(IPC.setBadgeCount, event, 3)).toThrow(/not the platform origin/);
    expect(() => call(IPC.notify, event, NOTE)).toThrow(/not the platform origin/);
    // Nothing leaked or changed.
    expect(await vault.loadLogin(PLATFORM)).toEqual(LOGIN);
    expect(hooks).toEqual([]);
    expect(badges).toEqual([]);
    expect(notified).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('refuses everything before a server is configured', () => {
    const { call } = setup({ platformOrigin: () => null });
    expect(() => call(IPC.getConfigFlags, FROM_PLATFORM)).toThrow(IpcRefusedError);
  });

  it('accepts a frame of the platform origin', () => {
    expect(isPlatformSender(FROM_PLATFORM, PLATFORM)).toBe(true);
    expect(isPlatformSender(FROM_PLATFORM, null)).toBe(false);
  });
});

describe('IPC handlers: arguments', () => {
  it.each([
    [IPC.saveRememberedLogin, []],
    [IPC.saveRememberedLogin, [{ remember: 'yes', username: 'a', password: 'b' }]],
    [IPC.saveRememberedLogin, [{ ...LOGIN, password: 'x'.repeat(5000) }]],
    [IPC.saveRememberedLogin, [LOGIN, 'extra']],
    [IPC.saveRememberedLogin, ['{"remember":true}']],
    [IPC.saveClientId, ['']],
    [IPC.saveClientId, ['with space']],
    [IPC.saveClientId, [42]],
    [IPC.logoutHook, []],
    [IPC.logoutHook, [{ reason: 'x' }]],
    [IPC.logoutHook, ['x'.repeat(201)]],
    [IPC.getConfigFlags, ['unexpected']],
    [IPC.onLoggedOut, [true]],
    [IPC.setBadgeCount, []],
    [IPC.setBadgeCount, [-1]],
    [IPC.setBadgeCount, [2.5]],
    [IPC.setBadgeCount, [1_000_001]],
    [IPC.setBadgeCount, ['3']],
    [IPC.notify, []],
    [IPC.notify, [{ ...NOTE, route: 'https://evil.example.com/' }]],
    [IPC.notify, [{ ...NOTE, route: '//evil.example.com/' }]],
    [IPC.notify, [{ ...NOTE, route: '/\\evil.example.com' }]],
    [IPC.notify, [{ ...NOTE, route: 'javascript:alert(1)' }]],
    [IPC.notify, [{ ...NOTE, title: 'x'.repeat(201) }]],
    [IPC.notify, [NOTE, 'extra']],
  ] as [IpcChannel, unknown[]][])('refuses %s with %j', async (channel, args) => {
    const { call, vault, hooks, badges, notified } = setup();
    expect(() => call(channel, FROM_PLATFORM, ...args)).toThrow(/invalid arguments/);
    expect(await vault.loadLogin(PLATFORM)).toBeNull();
    expect(await vault.loadClientId(PLATFORM)).toBeNull();
    expect(hooks).toEqual([]);
    expect(badges).toEqual([]);
    expect(notified).toEqual([]);
  });
});

describe('IPC handlers: behaviour', () => {
  it('answers the deployment flags', () => {
    const { call } = setup();
    expect(call(IPC.getConfigFlags, FROM_PLATFORM)).toEqual({
      disableAutoLogin: true,
      disableThemeButton: false,
      disableLanguageButton: true,
    });
  });

  it('keeps the remembered login in the vault under the configured origin', async () => {
    const { call, vault } = setup();
    expect(await call(IPC.loadRememberedLogin, FROM_PLATFORM)).toBeNull();
    await call(IPC.saveRememberedLogin, FROM_PLATFORM, LOGIN);
    expect(await vault.loadLogin(PLATFORM)).toEqual(LOGIN);
    expect(await vault.loadLogin('https://other.example.edu')).toBeNull();
    expect(await call(IPC.loadRememberedLogin, FROM_PLATFORM)).toEqual(LOGIN);
    await call(IPC.clearRememberedLogin, FROM_PLATFORM);
    expect(await call(IPC.loadRememberedLogin, FROM_PLATFORM)).toBeNull();
  });

  it('answers the deployment client id before a saved one', async () => {
    const saved = setup();
    await saved.call(IPC.saveClientId, FROM_PLATFORM, 'saved-1');
    expect(await saved.call(IPC.loadClientId, FROM_PLATFORM)).toBe('saved-1');
    const deployed = setup({ deploymentClientId: () => 'policy-1' });
    await deployed.call(IPC.saveClientId, FROM_PLATFORM, 'saved-1');
    expect(await deployed.call(IPC.loadClientId, FROM_PLATFORM)).toBe('policy-1');
  });

  it('forgets the origin on logout', async () => {
    const { call, vault } = setup();
    await call(IPC.saveRememberedLogin, FROM_PLATFORM, LOGIN);
    await call(IPC.saveClientId, FROM_PLATFORM, 'saved-1');
    await call(IPC.onLoggedOut, FROM_PLATFORM);
    expect(await vault.loadLogin(PLATFORM)).toBeNull();
    expect(await vault.loadClientId(PLATFORM)).toBeNull();
  });

  it('passes the logout hook on with the origin and reason', () => {
    const { call, hooks } = setup();
    expect(call(IPC.logoutHook, FROM_PLATFORM, '设备登录失败！')).toBe(true);
    expect(hooks).toEqual([{ origin: PLATFORM, reason: '设备登录失败！' }]);
  });
});

describe('IPC handlers: attention', () => {
  it('passes the badge count on', () => {
    const { call, badges } = setup();
    expect(call(IPC.setBadgeCount, FROM_PLATFORM, 0)).toBeUndefined();
    call(IPC.setBadgeCount, FROM_PLATFORM, 120);
    expect(badges).toEqual([0, 120]);
  });

  it('passes on a copy of exactly the notification with its platform route', () => {
    const { call, notified } = setup();
    call(IPC.notify, FROM_PLATFORM, { ...NOTE, icon: 'https://evil.example.com/x.png' });
    expect(notified).toEqual([NOTE]);
  });
});

describe('IPC handlers: updates', () => {
  it('answers none until updates are wired, then the updater’s status', () => {
    expect(setup().call(IPC.getUpdateStatus, FROM_PLATFORM)).toEqual({ state: 'none' });
    const restarts: string[] = [];
    const { call } = setup({
      updates: {
        status: () => ({ state: 'ready', version: '1.2.0' }),
        restartToUpdate: () => restarts.push('restart'),
      },
    });
    expect(call(IPC.getUpdateStatus, FROM_PLATFORM)).toEqual({ state: 'ready', version: '1.2.0' });
    expect(call(IPC.restartToUpdate, FROM_PLATFORM)).toBeUndefined();
    expect(restarts).toEqual(['restart']);
    expect(() => call(IPC.restartToUpdate, frame('https://evil.example.com/'))).toThrow(
      IpcRefusedError,
    );
    expect(() => call(IPC.restartToUpdate, FROM_PLATFORM, 'now')).toThrow(/invalid arguments/);
    expect(restarts).toEqual(['restart']);
  });
});

describe('registerIpcHandlers', () => {
  it('registers one handler per channel, which applies the same guards', () => {
    const registered = new Map<string, (event: never, ...args: unknown[]) => unknown>();
    const { handlers } = setup();
    registerIpcHandlers(
      {
        handle(channel, listener) {
          registered.set(channel, listener);
        },
      },
      handlers,
    );
    expect([...registered.keys()].sort()).toEqual(Object.values(IPC).sort());
    const flags = registered.get(IPC.getConfigFlags);
    expect(flags?.(FROM_PLATFORM as never)).toMatchObject({ disableAutoLogin: true });
    expect(() => flags?.(frame('https://evil.example.com/') as never)).toThrow(IpcRefusedError);
  });
});

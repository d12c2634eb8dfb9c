import { describe, expect, it } from 'vitest';
import type { HostNotification, RememberedLogin } from './host';
import { IPC } from './ipc';
import {
  createHostBridge,
  platformOriginFromArgv,
  shouldExposeBridge,
  type Invoke,
} from './host-bridge';

function recorder(answers: Partial<Record<string, unknown>> = {}) {
  const calls: { channel: string; args: unknown[] }[] = [];
  const invoke: Invoke = (channel, ...args) => {
    calls.push({ channel, args });
    return Promise.resolve(answers[channel]);
  };
  return { calls, bridge: createHostBridge(invoke) };
}

describe('preload bridge', () => {
  it('is the desktop host and exposes only the HostApi functions', () => {
    const { bridge } = recorder();
    expect(bridge.kind).toBe('desktop');
    expect(Object.keys(bridge).sort()).toEqual(
      [
        'kind',
        'getConfigFlags',
        'loadRememberedLogin',
        'saveRememberedLogin',
        'clearRememberedLogin',
        'loadClientId',
        'saveClientId',
        'onLoggedOut',
        'logoutHook',
        'setBadgeCount',
        'notify',
        'getUpdateStatus',
        'restartToUpdate',
      ].sort(),
    );
  });

  it('sends each call on its channel with a copy of exactly the record fields', async () => {
    const { bridge, calls } = recorder();
    const record: RememberedLogin = { remember: true, username: 'u', password: 'p' };
    await bridge.saveRememberedLogin(Object.assign(record, { extra: 'dropped' }));
    await bridge.clearRememberedLogin();
    await bridge.saveClientId('device-1');
    await bridge.onLoggedOut();
    expect(calls).toEqual([
      {
        channel: IPC.saveRememberedLogin,
        args: [{ remember: true, username: 'u', password: 'p' }],
      },
      { channel: IPC.clearRememberedLogin, args: [] },
      { channel: IPC.saveClientId, args: ['device-1'] },
      { channel: IPC.onLoggedOut, args: [] },
    ]);
  });

  it('refuses invalid arguments before anything is sent', async () => {
    const { bridge, calls } = recorder();
    await expect(
      bridge.saveRememberedLogin({ remember: 'yes' } as unknown as RememberedLogin),
    ).rejects.toThrow(TypeError);
    await expect(bridge.saveClientId('has space')).rejects.toThrow(TypeError);
    await expect(bridge.logoutHook('x'.repeat(500))).rejects.toThrow(TypeError);
    await expect(bridge.setBadgeCount?.(1.5)).rejects.toThrow(TypeError);
    await expect(bridge.setBadgeCount?.(-1)).rejects.toThrow(TypeError);
    await expect(
      bridge.notify?.({ title: 't', body: 'b', route: 42 } as unknown as HostNotification),
    ).rejects.toThrow(TypeError);
    expect(calls).toEqual([]);
  });

  it('sends the badge count and a copy of exactly the notification fields', async () => {
    const { bridge, calls } = recorder();
    await bridge.setBadgeCount?.(7);
    const notification = { title: '新消息', body: '王老师：明天开会', route: '/desktop' };
    await bridge.notify?.(Object.assign(notification, { icon: 'https://evil.example.com/x.png' }));
    expect(calls).toEqual([
      { channel: IPC.setBadgeCount, args: [7] },
      {
        channel: IPC.notify,
        args: [{ title: '新消息', body: '王老师：明天开会', route: '/desktop' }],
      },
    ]);
  });

  it('reshapes answers: only well-formed values reach the page', async () => {
    const { bridge } = recorder({
      [IPC.getConfigFlags]: { disableAutoLogin: true, disableThemeButton: 'yes', other: 1 },
      [IPC.loadRememberedLogin]: { remember: true, username: 'u', password: 'p', token: 't' },
      [IPC.loadClientId]: 'not valid',
      [IPC.logoutHook]: 'true',
    });
    expect(await bridge.getConfigFlags()).toEqual({
      disableAutoLogin: true,
      disableThemeButton: false,
      disableLanguageButton: false,
    });
    expect(await bridge.loadRememberedLogin()).toEqual({
      remember: true,
      username: 'u',
      password: 'p',
    });
    expect(await bridge.loadClientId()).toBeNull();
    expect(await bridge.logoutHook('设备登录失败！')).toBe(false);
  });

  it('passes the update status on only when well formed, and asks for the restart', async () => {
    const ready = recorder({ [IPC.getUpdateStatus]: { state: 'ready', version: '1.2.0', x: 1 } });
    expect(await ready.bridge.getUpdateStatus?.()).toEqual({ state: 'ready', version: '1.2.0' });
    await ready.bridge.restartToUpdate?.();
    expect(ready.calls.map((call) => call.channel)).toEqual([
      IPC.getUpdateStatus,
      IPC.restartToUpdate,
    ]);

    const portable = recorder({
      [IPC.getUpdateStatus]: {
        state: 'available',
        version: '1.2.0',
        install: 'portable',
        downloadUrl: 'https://edu.example.org/client/updates/win/EduDesk-Portable-1.2.0.exe',
      },
    });
    expect(await portable.bridge.getUpdateStatus?.()).toMatchObject({ install: 'portable' });

    for (const answer of [
      undefined,
      { state: 'ready' },
      { state: 'ready', version: '<img src=x>' },
      { state: 'available', version: '1.2.0', install: 'nsis' },
    ]) {
      const { bridge } = recorder({ [IPC.getUpdateStatus]: answer });
      expect(await bridge.getUpdateStatus?.()).toEqual({ state: 'none' });
    }
    const script = recorder({
      [IPC.getUpdateStatus]: {
        state: 'available',
        version: '1.2.0',
        install: 'portable',
        downloadUrl: 'javascript:alert(1)',
      },
    });
    expect(await script.bridge.getUpdateStatus?.()).toEqual({
      state: 'available',
      version: '1.2.0',
      install: 'portable',
    });
  });

  it('answers null for a malformed remembered login', async () => {
    const { bridge } = recorder({ [IPC.loadRememberedLogin]: { username: 'u' } });
    expect(await bridge.loadRememberedLogin()).toBeNull();
  });
});

describe('where the bridge is exposed', () => {
  it('reads the platform origin main passed on the command line', () => {
    expect(
      platformOriginFromArgv(['electron', '--type=renderer', '--edudesk-origin=https://a.edu']),
    ).toBe('https://a.edu');
    expect(platformOriginFromArgv(['electron', '--edudesk-origin='])).toBeNull();
    expect(platformOriginFromArgv([])).toBeNull();
  });

  it('exposes it to the platform origin only', () => {
    expect(shouldExposeBridge('https://a.edu', 'https://a.edu')).toBe(true);
    expect(shouldExposeBridge('app://edudesk', 'https://a.edu')).toBe(false);
    expect(shouldExposeBridge('https://evil.com', 'https://a.edu')).toBe(false);
    expect(shouldExposeBridge('null', null)).toBe(false);
  });
});

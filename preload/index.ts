import { contextBridge, ipcRenderer } from 'electron';
import type { HostApi, RememberedLogin } from '../contract/host';
import { IPC } from '../contract/ipc';

/**
 * The whole bridge: the typed HostApi of contract/host.ts, each call one `invoke` on a channel
 * of contract/ipc.ts. Neither ipcRenderer nor an event object ever reaches the page, and the
 * main process validates every argument and the sender's origin again.
 */
function isRememberedLogin(value: unknown): value is RememberedLogin {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.remember === 'boolean' &&
    typeof record.username === 'string' &&
    typeof record.password === 'string'
  );
}

const host: HostApi = {
  kind: 'desktop',
  getConfigFlags: () =>
    ipcRenderer.invoke(IPC.getConfigFlags) as ReturnType<HostApi['getConfigFlags']>,
  loadRememberedLogin: () =>
    ipcRenderer.invoke(IPC.loadRememberedLogin) as ReturnType<HostApi['loadRememberedLogin']>,
  async saveRememberedLogin(record) {
    if (!isRememberedLogin(record)) throw new TypeError('Invalid remembered login');
    await ipcRenderer.invoke(IPC.saveRememberedLogin, {
      remember: record.remember,
      username: record.username,
      password: record.password,
    });
  },
  async clearRememberedLogin() {
    await ipcRenderer.invoke(IPC.clearRememberedLogin);
  },
};

contextBridge.exposeInMainWorld('edudesk', host);

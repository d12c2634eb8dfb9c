import type { HostApi, HostConfigFlags, HostNotification, RememberedLogin } from './host';
import {
  IPC,
  isBadgeCount,
  isClientId,
  isHostNotification,
  isLogoutReason,
  isRememberedLogin,
  PLATFORM_ORIGIN_SWITCH,
  toUpdateStatus,
  type IpcArguments,
  type IpcChannel,
} from './ipc';

/** `ipcRenderer.invoke`, typed by the channel registry; the page never sees it. */
export type Invoke = <C extends IpcChannel>(
  channel: C,
  ...args: IpcArguments[C]
) => Promise<unknown>;

/** The platform origin main passed in `additionalArguments`, or null. */
export function platformOriginFromArgv(argv: readonly string[]): string | null {
  const value = argv
    .find((arg) => arg.startsWith(PLATFORM_ORIGIN_SWITCH))
    ?.slice(PLATFORM_ORIGIN_SWITCH.length);
  return value === undefined || value === '' ? null : value;
}

function flags(value: unknown): HostConfigFlags {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return {
    disableAutoLogin: record.disableAutoLogin === true,
    disableThemeButton: record.disableThemeButton === true,
    disableLanguageButton: record.disableLanguageButton === true,
  };
}

/**
 * The desktop client's side of HostApi, as the preload exposes it (preload/index.ts): each call
 * one `invoke` on a channel of ipc.ts with arguments checked here and again in main. Answers are
 * reshaped into fresh plain values, so nothing main sends reaches the page unchecked; no event
 * object is ever passed on. Pure (it is handed `invoke`), so the bridge contract test runs it
 * against the main-process handlers without Electron.
 */
export function createHostBridge(invoke: Invoke): HostApi {
  return {
    kind: 'desktop',
    getConfigFlags: async () => flags(await invoke(IPC.getConfigFlags)),
    async loadRememberedLogin() {
      const record = await invoke(IPC.loadRememberedLogin);
      if (!isRememberedLogin(record)) return null;
      return { remember: record.remember, username: record.username, password: record.password };
    },
    async saveRememberedLogin(record: RememberedLogin) {
      if (!isRememberedLogin(record)) throw new TypeError('Invalid remembered login');
      const { remember, username, password } = record;
      await invoke(IPC.saveRememberedLogin, { remember, username, password });
    },
    async clearRememberedLogin() {
      await invoke(IPC.clearRememberedLogin);
    },
    async loadClientId() {
      const clientId = await invoke(IPC.loadClientId);
      return isClientId(clientId) ? clientId : null;
    },
    async saveClientId(clientId: string) {
      if (!isClientId(clientId)) throw new TypeError('Invalid client id');
      await invoke(IPC.saveClientId, clientId);
    },
    async onLoggedOut() {
      await invoke(IPC.onLoggedOut);
    },
    async logoutHook(reason: string) {
      if (!isLogoutReason(reason)) throw new TypeError('Invalid logout reason');
      return (await invoke(IPC.logoutHook, reason)) === true;
    },
    async setBadgeCount(count: number) {
      if (!isBadgeCount(count)) throw new TypeError('Invalid badge count');
      await invoke(IPC.setBadgeCount, count);
    },
    async notify(notification: HostNotification) {
      if (!isHostNotification(notification)) throw new TypeError('Invalid notification');
      const { title, body, route } = notification;
      await invoke(IPC.notify, { title, body, route });
    },
    getUpdateStatus: async () => toUpdateStatus(await invoke(IPC.getUpdateStatus)),
    async restartToUpdate() {
      await invoke(IPC.restartToUpdate);
    },
  };
}

/** Only for the server's own pages; the local app:// pages and foreign pages get nothing. */
export function shouldExposeBridge(pageOrigin: string, platformOrigin: string | null): boolean {
  return platformOrigin !== null && pageOrigin === platformOrigin;
}

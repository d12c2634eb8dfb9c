import type { HostConfigFlags, HostNotification, HostUpdateStatus, RememberedLogin } from './host';

/** Every IPC channel between the renderer and the Electron main process, in one registry. */
export const IPC = {
  getConfigFlags: 'edudesk:host:get-config-flags',
  loadRememberedLogin: 'edudesk:vault:load-remembered-login',
  saveRememberedLogin: 'edudesk:vault:save-remembered-login',
  clearRememberedLogin: 'edudesk:vault:clear-remembered-login',
  loadClientId: 'edudesk:vault:load-client-id',
  saveClientId: 'edudesk:vault:save-client-id',
  onLoggedOut: 'edudesk:vault:on-logged-out',
  logoutHook: 'edudesk:host:logout-hook',
  // Attention: the taskbar badge and native notifications (main/attention/).
  setBadgeCount: 'edudesk:attention:set-badge-count',
  notify: 'edudesk:attention:notify',
  // Client updates (main/updates/updater.ts).
  getUpdateStatus: 'edudesk:updates:get-status',
  restartToUpdate: 'edudesk:updates:restart-to-update',
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];

/**
 * The command-line switch by which main tells the preload which origin may have the bridge
 * (webPreferences.additionalArguments; the sandboxed preload reads process.argv).
 */
export const PLATFORM_ORIGIN_SWITCH = '--edudesk-origin=';

/** The arguments each channel carries, as the preload sends them (main validates them again). */
export interface IpcArguments {
  [IPC.getConfigFlags]: [];
  [IPC.loadRememberedLogin]: [];
  [IPC.saveRememberedLogin]: [record: RememberedLogin];
  [IPC.clearRememberedLogin]: [];
  [IPC.loadClientId]: [];
  [IPC.saveClientId]: [clientId: string];
  [IPC.onLoggedOut]: [];
  [IPC.logoutHook]: [reason: string];
  [IPC.setBadgeCount]: [count: number];
  [IPC.notify]: [notification: HostNotification];
  [IPC.getUpdateStatus]: [];
  [IPC.restartToUpdate]: [];
}

/** What each channel answers. */
export interface IpcResults {
  [IPC.getConfigFlags]: HostConfigFlags;
  [IPC.loadRememberedLogin]: RememberedLogin | null;
  [IPC.saveRememberedLogin]: undefined;
  [IPC.clearRememberedLogin]: undefined;
  [IPC.loadClientId]: string | null;
  [IPC.saveClientId]: undefined;
  [IPC.onLoggedOut]: undefined;
  [IPC.logoutHook]: boolean;
  [IPC.setBadgeCount]: undefined;
  [IPC.notify]: undefined;
  [IPC.getUpdateStatus]: HostUpdateStatus;
  [IPC.restartToUpdate]: undefined;
}

/**
 * Bounds of what a page may hand to the host. Generous for real data (the login form caps the
 * username at 64 and the password at 128 characters), tight enough that a page cannot fill the
 * vault or a dialog with megabytes.
 */
export const IPC_LIMITS = {
  username: 256,
  password: 1024,
  clientId: 256,
  logoutReason: 200,
  // Attention (main/attention/): what a toast can show, and a route of the platform.
  badgeCount: 1_000_000,
  notificationTitle: 200,
  notificationBody: 1000,
  notificationRoute: 2048,
} as const;

function isBoundedString(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** A remembered-login record exactly as spec §3 has it, within the limits. */
export function isRememberedLogin(value: unknown): value is RememberedLogin {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.remember === 'boolean' &&
    isBoundedString(record.username, IPC_LIMITS.username) &&
    isBoundedString(record.password, IPC_LIMITS.password)
  );
}

/**
 * A user-client id (spec §4 step 2, §7 `userClientId`): printable ASCII without spaces, as it
 * travels in a form body and may come from a query parameter or a registry value.
 */
export function isClientId(value: unknown): value is string {
  return (
    isBoundedString(value, IPC_LIMITS.clientId) && value.length > 0 && /^[\x21-\x7e]+$/.test(value)
  );
}

/** The message handed to the host's logout hook (spec §8, e.g. '设备登录失败！'). */
export function isLogoutReason(value: unknown): value is string {
  return isBoundedString(value, IPC_LIMITS.logoutReason);
}

/** The badge count (unread messages + to-dos): an integer from 0 to IPC_LIMITS.badgeCount. */
export function isBadgeCount(value: unknown): value is number {
  return (
    Number.isInteger(value) && (value as number) >= 0 && (value as number) <= IPC_LIMITS.badgeCount
  );
}

/**
 * A notification as contract/host.ts has it, within the limits: title, body and route, all
 * text, the route not empty. Main checks that the route is a platform route as well
 * (main/attention/platform-route.ts).
 */
export function isHostNotification(value: unknown): value is HostNotification {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return (
    isBoundedString(record.title, IPC_LIMITS.notificationTitle) &&
    isBoundedString(record.body, IPC_LIMITS.notificationBody) &&
    isBoundedString(record.route, IPC_LIMITS.notificationRoute) &&
    record.route !== ''
  );
}

/** A version as the update feed carries it (main/updates/version.ts parses it fully). */
const UPDATE_VERSION = /^[0-9A-Za-z.+-]{1,64}$/;

/**
 * An update status as contract/host.ts has it, rebuilt field by field (a download URL only over
 * http(s)); anything else is { state: 'none' }.
 */
export function toUpdateStatus(value: unknown): HostUpdateStatus {
  if (typeof value !== 'object' || value === null) return { state: 'none' };
  const record = value as Record<string, unknown>;
  const { state, version } = record;
  if (typeof version !== 'string' || !UPDATE_VERSION.test(version)) return { state: 'none' };
  if (state === 'ready') return { state, version };
  if (state !== 'available' || (record.install !== 'msi' && record.install !== 'portable')) {
    return { state: 'none' };
  }
  const url = record.downloadUrl;
  return typeof url === 'string' && url.length <= 2048 && /^https?:\/\//.test(url)
    ? { state, version, install: record.install, downloadUrl: url }
    : { state, version, install: record.install };
}

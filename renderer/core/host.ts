import {
  BADGE_COUNT_MAX,
  type HostApi,
  type HostConfigFlags,
  type HostNotification,
  type RememberedLogin,
} from '../../contract/host';
import { isBadgeCount, isClientId, isHostNotification } from '../../contract/ipc';
import { isPlatformRoute } from '../../contract/platform-route';
import { LOCAL_KEYS, readLocal, removeLocal, writeLocal } from './storage-keys';
import { createWebVault, type WebVault } from './web-vault';

declare global {
  interface Window {
    /** The desktop client's bridge (preload); absent in a browser. */
    edudesk?: HostApi;
  }
}

const HOST_FUNCTIONS = [
  'getConfigFlags',
  'loadRememberedLogin',
  'saveRememberedLogin',
  'clearRememberedLogin',
  'loadClientId',
  'saveClientId',
  'onLoggedOut',
  'logoutHook',
] as const;

/** Members a bridge may leave out, but must implement as functions when it has them. */
const OPTIONAL_HOST_FUNCTIONS = [
  'openMicrophone',
  'setBadgeCount',
  'notify',
  'getUpdateStatus',
  'restartToUpdate',
] as const;

/** True for an object honouring HostApi (checked: a page must not trust a half bridge). */
export function isHostApi(value: unknown): value is HostApi {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  if (candidate.kind !== 'web' && candidate.kind !== 'desktop' && candidate.kind !== 'app') {
    return false;
  }
  const optionalOk = OPTIONAL_HOST_FUNCTIONS.every(
    (name) => candidate[name] === undefined || typeof candidate[name] === 'function',
  );
  return optionalOk && HOST_FUNCTIONS.every((name) => typeof candidate[name] === 'function');
}

const WEB_FLAGS: HostConfigFlags = {
  disableAutoLogin: false,
  disableThemeButton: false,
  disableLanguageButton: false,
};

/** The "(n) " a page title starts with while there are unread items (see titleWithCount). */
const TITLE_COUNT = /^\(\d+\+?\) /;

/**
 * The page's own title with "(n) " in front for `count` unread items ("(99+) " above
 * BADGE_COUNT_MAX, nothing at 0); a count already in front is replaced, never stacked.
 */
export function titleWithCount(title: string, count: number): string {
  const own = title.replace(TITLE_COUNT, '');
  if (!Number.isFinite(count) || count < 1) return own;
  const shown = count > BADGE_COUNT_MAX ? `${String(BADGE_COUNT_MAX)}+` : String(Math.floor(count));
  return `(${shown}) ${own}`;
}

let titleCount = 0;
let titleWatch: MutationObserver | null = null;

function applyTitleCount(): void {
  const next = titleWithCount(document.title, titleCount);
  if (next !== document.title) document.title = next;
}

/**
 * Shows `count` in front of the page title, and keeps it there when the page names itself
 * again (a language switch renames the unit: shell/unit-brand.tsx).
 */
function showTitleCount(count: number): void {
  titleCount = count;
  applyTitleCount();
  if (titleWatch === null && typeof MutationObserver !== 'undefined') {
    titleWatch = new MutationObserver(applyTitleCount);
    titleWatch.observe(document.head, { subtree: true, childList: true, characterData: true });
  }
}

/**
 * The user switched on the browser's notifications in the messages dialog (features/attention),
 * and the browser allows them.
 */
export function browserNotificationsOn(): boolean {
  return (
    readLocal(LOCAL_KEYS.browserNotifications) === 'on' &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted'
  );
}

/**
 * A browser notification of `notification`, when the user switched them on: a click brings the
 * tab to the front and opens its route (a platform route only: anything else is not shown).
 */
function showBrowserNotification({ title, body, route }: HostNotification): void {
  if (!browserNotificationsOn() || !isPlatformRoute(route)) return;
  const shown = new Notification(title, { body });
  shown.onclick = () => {
    window.focus();
    shown.close();
    // The page it names, unless that is this very page (then the tab in front is enough).
    const target = new URL(route, window.location.href).href;
    if (target !== window.location.href) window.location.assign(target);
  };
}

/**
 * Switches the browser's notifications on (asking the browser's permission: call it from the
 * user's click) or off; answers whether they are on now.
 */
export async function switchBrowserNotifications(on: boolean): Promise<boolean> {
  if (!on || typeof Notification === 'undefined') {
    removeLocal(LOCAL_KEYS.browserNotifications);
    return false;
  }
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') {
    removeLocal(LOCAL_KEYS.browserNotifications);
    return false;
  }
  writeLocal(LOCAL_KEYS.browserNotifications, 'on');
  return true;
}

function readRecord(): RememberedLogin | null | 'corrupt' {
  const raw = readLocal(LOCAL_KEYS.rememberPassword);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return 'corrupt';
    const { remember, username, password } = parsed as Record<string, unknown>;
    if (remember !== true || typeof username !== 'string' || typeof password !== 'string') {
      return 'corrupt';
    }
    return { remember, username, password };
  } catch {
    return 'corrupt';
  }
}

function clearRecord(): void {
  removeLocal(LOCAL_KEYS.rememberPassword);
}

/**
 * The browser's host: no deployment flags, and the remembered-password record of spec §3 kept
 * in localStorage with the password sealed by the web vault (never in plain text). The username
 * is bound into the seal, so editing it in storage makes the record unreadable.
 */
export function createWebHost(vault: WebVault = createWebVault()): HostApi {
  return {
    kind: 'web',
    getConfigFlags: () => Promise.resolve({ ...WEB_FLAGS }),

    async loadRememberedLogin() {
      const record = readRecord();
      if (record === null) return null;
      if (record === 'corrupt') {
        clearRecord();
        return null;
      }
      const opened = await vault.open(record.password, record.username);
      if (opened.ok) return { remember: true, username: record.username, password: opened.text };
      // A vault that cannot be reached now may work later; a record that cannot open never will.
      if (opened.reason !== 'unavailable') clearRecord();
      return null;
    },

    async saveRememberedLogin(record) {
      if (!record.remember) {
        clearRecord();
        return;
      }
      try {
        const password = await vault.seal(record.password, record.username);
        writeLocal(
          LOCAL_KEYS.rememberPassword,
          JSON.stringify({ remember: true, username: record.username, password }),
        );
      } catch {
        // Without a vault nothing is remembered (never plain text), and no stale record stays.
        clearRecord();
      }
    },

    clearRememberedLogin() {
      clearRecord();
      return Promise.resolve();
    },

    loadClientId() {
      const clientId = readLocal(LOCAL_KEYS.clientId);
      return Promise.resolve(isClientId(clientId) ? clientId : null);
    },

    saveClientId(clientId) {
      if (!isClientId(clientId)) return Promise.reject(new TypeError('Invalid client id'));
      writeLocal(LOCAL_KEYS.clientId, clientId);
      return Promise.resolve();
    },

    // The web keeps its remembered record after logout (the form stays pre-filled).
    onLoggedOut: () => Promise.resolve(),

    // No host app around a browser: the page goes to /login/ itself.
    logoutHook: () => Promise.resolve(false),

    setBadgeCount(count) {
      if (!isBadgeCount(count)) return Promise.reject(new TypeError('Invalid badge count'));
      showTitleCount(count);
      return Promise.resolve();
    },

    notify(notification) {
      if (!isHostNotification(notification) || !isPlatformRoute(notification.route)) {
        return Promise.reject(new TypeError('Invalid notification'));
      }
      try {
        showBrowserNotification(notification);
      } catch {
        // A browser that refuses to show one (Chrome on Android needs a service worker).
      }
      return Promise.resolve();
    },

    getUpdateStatus: () => Promise.resolve({ state: 'none' }),
  };
}

let webHost: HostApi | null = null;

/** The host of this page: the desktop bridge when present and complete, else the web host. */
export function getHost(): HostApi {
  const bridge = typeof window === 'undefined' ? undefined : window.edudesk;
  if (isHostApi(bridge)) return bridge;
  webHost ??= createWebHost();
  return webHost;
}

import type { HostApi, HostConfigFlags, RememberedLogin } from '../../contract/host';
import { isClientId } from '../../contract/ipc';
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

/** True for an object honouring HostApi (checked: a page must not trust a half bridge). */
export function isHostApi(value: unknown): value is HostApi {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  if (candidate.kind !== 'web' && candidate.kind !== 'desktop' && candidate.kind !== 'app') {
    return false;
  }
  if (candidate.openMicrophone !== undefined && typeof candidate.openMicrophone !== 'function') {
    return false;
  }
  return HOST_FUNCTIONS.every((name) => typeof candidate[name] === 'function');
}

const WEB_FLAGS: HostConfigFlags = {
  disableAutoLogin: false,
  disableThemeButton: false,
  disableLanguageButton: false,
};

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

/**
 * The host bridge (ARCHITECTURE.md): what the page may ask of the desktop client. The Electron
 * preload exposes an implementation as `window.edudesk`; in a browser the renderer uses its own
 * web implementation (renderer/core/host.ts). Both honour this one interface.
 */

/** Remembered-password record (spec §3): a flag, the username and an obfuscated password. */
export interface RememberedLogin {
  remember: boolean;
  username: string;
  password: string;
}

export type HostKind = 'web' | 'desktop';

export interface HostConfigFlags {
  disableAutoLogin: boolean;
  disableThemeButton: boolean;
  disableLanguageButton: boolean;
}

export interface HostApi {
  readonly kind: HostKind;
  /** Deployment flags (policy in the desktop client; all false on the web). */
  getConfigFlags(): Promise<HostConfigFlags>;
  /** The remembered login for this server origin, decrypted, or null. */
  loadRememberedLogin(): Promise<RememberedLogin | null>;
  /** Stores the remembered login; the password never reaches storage in plain text. */
  saveRememberedLogin(record: RememberedLogin): Promise<void>;
  clearRememberedLogin(): Promise<void>;
}

/**
 * The host bridge (docs/desktop-client.md): what the page may ask of the desktop client. The
 * Electron preload exposes an implementation as `window.edudesk`; in a browser the renderer uses
 * its own web implementation (renderer/core/host.ts). Both honour this one interface, and one
 * test suite (renderer/core/host-contract.test.ts) runs against both.
 */

/** Remembered-password record (spec §3): a flag, the username and an obfuscated password. */
export interface RememberedLogin {
  remember: boolean;
  username: string;
  password: string;
}

/** 'app': the platform's native mobile app, whose web view provides the bridge. */
export type HostKind = 'web' | 'desktop' | 'app';

/** A recording the host holds open (see HostApi.openMicrophone). */
export interface MicrophoneHandle {
  /** Stops the recording and releases the microphone. Safe to call more than once. */
  stop(): void;
}

/** A failed user-client login calls the host's logout hook after this delay (spec §4 step 2, §9). */
export const LOGOUT_HOOK_DELAY_MS = 1000;

export interface HostConfigFlags {
  disableAutoLogin: boolean;
  disableThemeButton: boolean;
  disableLanguageButton: boolean;
}

export interface HostApi extends HostAttentionApi {
  readonly kind: HostKind;
  /** Deployment flags (policy in the desktop client; all false on the web). */
  getConfigFlags(): Promise<HostConfigFlags>;
  /** The remembered login for this server origin, decrypted, or null. */
  loadRememberedLogin(): Promise<RememberedLogin | null>;
  /** Stores the remembered login; the password never reaches storage in plain text. */
  saveRememberedLogin(record: RememberedLogin): Promise<void>;
  clearRememberedLogin(): Promise<void>;
  /**
   * The user-client id of this installation for this server (spec §4 step 2, posted as
   * `userClientId` to /api/uaa/oauth/login_user_client), or null when there is none. The desktop
   * client answers the id set by policy or config.json first, then the one saved in its vault;
   * the web answers the one saved in localStorage.
   */
  loadClientId(): Promise<string | null>;
  /** Keeps a client id (e.g. a `cid` query parameter) for later starts. Rejects an invalid id. */
  saveClientId(clientId: string): Promise<void>;
  /**
   * The renderer's logout routine calls this after the logout call (spec §4 logout). The
   * desktop client forgets this server's vault entry (remembered login, saved client id); the
   * web keeps its remembered record so the login form stays pre-filled (docs/choices.md).
   */
  onLoggedOut(): Promise<void>;
  /**
   * The host app's logout hook (spec §4 step 2: called 1 s after a failed user-client login
   * with '设备登录失败！'; §8: '登录失效，尝试重新登录' after a failed refresh). Resolves true when
   * the host took the user to a login (the desktop client opens its /needtologinpagerelogin
   * window), false when there is no host app and the page must do it itself (the web: /login/).
   */
  logoutHook(reason: string): Promise<boolean>;
  /**
   * Voice recording by the host (the native app's own recorder): `onPcm` receives 16 kHz mono
   * 16-bit little-endian PCM as it is recorded. Optional: without it (the web, the desktop
   * client) the page records itself with getUserMedia and an AudioContext (features/voice).
   */
  openMicrophone?(onPcm: (chunk: ArrayBuffer) => void): Promise<MicrophoneHandle>;
}

/** Above this a count shows as "99+" (taskbar overlay, tray tooltip, page title). */
export const BADGE_COUNT_MAX = 99;

/**
 * A notification the page asks the host to show (the desktop's new messages and to-dos). A click
 * brings the window to the front and opens `route`, which must be a platform route
 * (`/pages/…`, `/desktop`…; anything else is refused).
 */
export interface HostNotification {
  title: string;
  body: string;
  route: string;
}

/**
 * What the desktop client knows of a newer client version (docs/desktop-client.md, updates):
 * 'ready' when an update was downloaded and a restart applies it (per-user installs); 'available'
 * when IT installs it (MSI) or the user downloads it (portable, with `downloadUrl`).
 */
export type HostUpdateStatus =
  | { state: 'none' }
  | { state: 'ready'; version: string }
  | { state: 'available'; version: string; install: 'msi' | 'portable'; downloadUrl?: string };

/**
 * The host's attention and update calls (docs/desktop-client.md). Optional members of HostApi:
 * a host without them (the native app's bridge) simply does without.
 */
export interface HostAttentionApi {
  /**
   * Unread messages + to-dos. The desktop client sets the taskbar overlay ("99+" above 99, none at
   * 0) and flashes the frame when the count rises while unfocused; the web prefixes the page title
   * with "(n) ".
   */
  setBadgeCount?(count: number): Promise<void>;
  /** A native notification (desktop) or, when the user switched it on, the browser's own. */
  notify?(notification: HostNotification): Promise<void>;
  /** The desktop client's update state; the web answers { state: 'none' }. */
  getUpdateStatus?(): Promise<HostUpdateStatus>;
  /** Quits and installs a downloaded update ('ready' only). */
  restartToUpdate?(): Promise<void>;
}

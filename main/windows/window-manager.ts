import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  HandlerDetails,
  MessageBoxOptions,
  WebContents,
} from 'electron';
import { RELOGIN_PATH } from '../../contract/window-targets';
import type { ConnectResult } from '../first-run/connect';
import { firstRunUrl, OFFLINE_URL, settingsUrl } from '../first-run/app-protocol';
import type { MainTranslate } from '../i18n/main-i18n';
import { certificatePageUrl } from '../network/pages';
import { pageForLoadFailure, pageForRenderProcessGone } from '../network/page-failure';
import { loadOptionsFor } from './load-options';
import { guardWebContents, isSafeExternalUrl, type GuardActions } from './navigation-guard';
import { isLoginPath, type LocalAction, type WindowRole } from './url-policy';
import { APPS_PARTITION, secureWebPreferences } from './web-preferences';
import { captureWindowState, type WindowState } from './window-state';

export interface WindowManagerDeps {
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  openInBrowser(url: string): void;
  showMessage(window: BrowserWindow, options: MessageBoxOptions): void;
  preloadPath: string;
  iconPath: string;
  /** The configured server, or null before the first run. */
  platform(): { origin: string; url: string } | null;
  serverLocked(): boolean;
  /** The language of the client's own texts. */
  language(): string;
  t: MainTranslate;
  loadWindowState(): WindowState;
  saveWindowState(state: WindowState): void;
  /** Checks an address typed on the first-run page (connect.ts). */
  connect(input: string): Promise<ConnectResult>;
  /** Saves the user's server and makes it the configured one. */
  chooseServer(server: { origin: string; url: string }): void;
  /** Remembers what the offline page shows. */
  setOffline(server: string, error: string): void;
  warn(message: string): void;
  // The tray and Settings (main/tray/, main/settings/preferences.ts).
  /** Each new main window, for close to tray, the badge and zoom (main/windows/zoom.ts). */
  onMainWindow?(window: BrowserWindow): void;
  /** Saves the Settings page's form (only ever from the Settings window). */
  saveSettings?(params: URLSearchParams): void;
}

export interface WindowManager {
  /**
   * The main window on the configured server, or the first-run page without one. `hidden`
   * (a start at Windows sign-in with `--hidden`): the main window stays hidden, only the tray
   * shows.
   */
  start: (options?: { hidden?: boolean }) => void;
  /**
   * Brings the client to the front (a second instance was started, the tray's Open): the main
   * window, shown again when hidden, or opened again.
   */
  focus: () => void;
  /** The host's logout hook (contract/host.ts): opens the relogin window. */
  logoutHook: (origin: string, reason: string, senderUrl: string | null) => boolean;
  /** Menu actions. */
  changeServer: () => void;
  reloadMain: () => void;
  /**
   * Opens a platform route (an edudesk:// link, main/links/deep-link.ts, already checked) in the
   * main window; false when there is no platform server yet (the first-run page stays).
   */
  openRoute: (route: string) => boolean;
  /** Every open window (tests, shutdown). */
  windows: () => BrowserWindow[];
  // The tray and Settings.
  /** The main window, or null while there is none. */
  mainWindow: () => BrowserWindow | null;
  /** Loads a platform URL (a notification's route, sign out) in the main window, in front. */
  openInMain: (url: string) => void;
  /** The Settings page (one window, reused). */
  openSettings: () => void;
}

/**
 * The client's windows and how they open (docs/desktop-client.md): the main window on
 * the platform, the first-run page, the relogin window (/needtologinpagerelogin), the help-centre
 * window and application windows. Every window is created here, hardened the same way and put
 * under the URL policy; pages never get to create one themselves.
 */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export function createWindowManager(deps: WindowManagerDeps): WindowManager {
  let main: BrowserWindow | null = null;
  let firstRun: BrowserWindow | null = null;
  let relogin: BrowserWindow | null = null;
  let helpCentre: BrowserWindow | null = null;
  let settings: BrowserWindow | null = null;
  const named = new Map<string, BrowserWindow>();
  const others = new Set<BrowserWindow>();

  const actions: GuardActions = {
    platformOrigin: () => deps.platform()?.origin ?? null,
    openWindow: openFromPage,
    openInBrowser(url) {
      if (isSafeExternalUrl(url)) deps.openInBrowser(url);
    },
    localAction(name, params, contents) {
      void runLocalAction(name, params, contents);
    },
  };

  function track(window: BrowserWindow, forget: () => void): BrowserWindow {
    others.add(window);
    window.on('closed', () => {
      others.delete(window);
      forget();
    });
    return window;
  }

  function secureWindow(
    role: WindowRole,
    options: {
      bridge: boolean;
      partition?: string;
      extra?: BrowserWindowConstructorOptions;
      hidden?: boolean;
    },
  ): BrowserWindow {
    const platform = deps.platform();
    const window = deps.createWindow({
      width: 1200,
      height: 800,
      minWidth: 400,
      minHeight: 300,
      show: false,
      icon: deps.iconPath,
      title: deps.t('main.productName'),
      autoHideMenuBar: role !== 'main',
      ...options.extra,
      webPreferences: secureWebPreferences({
        bridge:
          options.bridge && platform
            ? { preload: deps.preloadPath, platformOrigin: platform.origin }
            : undefined,
        partition: options.partition,
      }),
    });
    guardWebContents(window.webContents, role, actions);
    if (!options.hidden) {
      window.once('ready-to-show', () => {
        window.show();
      });
    }
    return window;
  }

  function openMain(options: { hidden?: boolean } = {}): void {
    const platform = deps.platform();
    if (!platform) {
      openFirstRun();
      return;
    }
    if (main) {
      focusWindow(main);
      return;
    }
    const state = deps.loadWindowState();
    const window = secureWindow('main', {
      bridge: true,
      hidden: options.hidden === true,
      extra: {
        width: state.width,
        height: state.height,
        // Without a saved place the window is centred (no x, y at all).
        ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
        minWidth: 800,
        minHeight: 600,
      },
    });
    main = window;
    if (state.maximized) window.maximize();
    if (state.fullScreen) window.setFullScreen(true);
    window.on('close', () => {
      deps.saveWindowState(captureWindowState(window));
    });
    window.on('closed', () => {
      if (main === window) {
        main = null;
        relogin?.close();
      }
    });
    const showOffline = (error: string) => {
      // A renderer that goes while the client quits leaves nothing to show a page in.
      if (window.webContents.isDestroyed()) return;
      deps.setOffline(platform.url, error);
      void window.loadURL(`${OFFLINE_URL}?lang=${encodeURIComponent(deps.language())}`);
    };
    window.webContents.on(
      'did-fail-load',
      (_event, code: number, description: string, validatedUrl: string, isMainFrame: boolean) => {
        const page = pageForLoadFailure(code, isMainFrame);
        if (page === null) return;
        deps.warn(`Cannot load ${validatedUrl}: ${description} (${String(code)})`);
        if (page === 'certificate') {
          void window.loadURL(certificatePageUrl(deps.language(), hostOf(validatedUrl)));
        } else {
          showOffline(`${description} (${String(code)})`);
        }
      },
    );
    deps.onMainWindow?.(window);
    // A page that crashed or hangs: the offline page, whose Retry reloads the platform.
    window.webContents.on('render-process-gone', (_event, details) => {
      if (pageForRenderProcessGone(details.reason) === null) return;
      deps.warn(`The page's renderer is gone: ${details.reason} (${String(details.exitCode)})`);
      showOffline(`renderer ${details.reason} (${String(details.exitCode)})`);
    });
    window.webContents.on('unresponsive', () => {
      deps.warn('The page stopped responding');
      showOffline('page not responding');
    });
    void window.loadURL(platform.url);
  }

  function openFirstRun(): void {
    if (firstRun) {
      focusWindow(firstRun);
      return;
    }
    const window = secureWindow('local', {
      bridge: false,
      extra: { width: 620, height: 720, resizable: true },
    });
    firstRun = window;
    window.on('closed', () => {
      if (firstRun === window) firstRun = null;
    });
    void window.loadURL(firstRunUrl({ lang: deps.language() }));
  }

  async function runLocalAction(
    name: LocalAction,
    params: URLSearchParams,
    contents: WebContents,
  ): Promise<void> {
    if (name === 'retry') {
      if (main?.webContents === contents) reloadMain();
      return;
    }
    if (name === 'change-server') {
      changeServer();
      return;
    }
    if (name === 'save-settings') {
      // Only the Settings window itself may save (no other page can post to it).
      if (settings?.webContents !== contents) return;
      deps.saveSettings?.(params);
      const lang = params.get('lang') ?? deps.language();
      await contents.loadURL(settingsUrl(lang, true));
      return;
    }
    const input = params.get('url') ?? '';
    const lang = params.get('lang') ?? deps.language();
    await contents.loadURL(firstRunUrl({ lang, value: input, checking: '1' }));
    const result = await deps.connect(input);
    if (contents.isDestroyed()) return;
    if (!result.ok) {
      await contents.loadURL(firstRunUrl({ lang, error: result.error, value: input }));
      return;
    }
    deps.chooseServer({ origin: result.origin, url: result.url });
    // A new main window: its bridge is bound to the new origin. The old one closes after, so
    // the client never has no window (which would quit it).
    const previous = main;
    main = null;
    openMain();
    previous?.close();
    firstRun?.close();
  }

  function openRelogin(url: string): void {
    if (relogin) {
      focusWindow(relogin);
      return;
    }
    const window = secureWindow('relogin', {
      bridge: true,
      extra: { width: 1000, height: 720, ...(main ? { parent: main } : {}) },
    });
    relogin = window;
    window.on('closed', () => {
      if (relogin === window) relogin = null;
    });
    // Signed in (the login page moved on to a landing page): back to the main window.
    window.webContents.on('did-navigate', (_event, url: string) => {
      const platform = deps.platform();
      if (!platform) return;
      const target = new URL(url);
      if (target.origin === platform.origin && !isLoginPath(target.pathname)) {
        window.close();
        reloadMain();
      }
    });
    void window.loadURL(url);
  }

  function openFromPage(role: 'relogin' | 'help-centre' | 'app', details: HandlerDetails): void {
    if (role === 'relogin') {
      openRelogin(details.url);
      return;
    }
    const platformOrigin = deps.platform()?.origin;
    const sameOrigin = new URL(details.url).origin === platformOrigin;
    const load = (window: BrowserWindow) => {
      void window.loadURL(details.url, loadOptionsFor(details));
      focusWindow(window);
    };
    if (role === 'help-centre') {
      if (!helpCentre) {
        const window = secureWindow('help-centre', {
          bridge: sameOrigin,
          partition: sameOrigin ? undefined : APPS_PARTITION,
        });
        helpCentre = track(window, () => {
          if (helpCentre === window) helpCentre = null;
        });
      }
      load(helpCentre);
      return;
    }
    const name = details.frameName;
    const reusable = name !== '' && name !== '_blank' ? named.get(name) : undefined;
    if (reusable) {
      load(reusable);
      return;
    }
    const window = track(
      secureWindow('app', {
        bridge: sameOrigin,
        partition: sameOrigin ? undefined : APPS_PARTITION,
      }),
      () => {
        if (named.get(name) === window) named.delete(name);
      },
    );
    if (name !== '' && name !== '_blank') named.set(name, window);
    load(window);
  }

  function focusWindow(window: BrowserWindow): void {
    if (window.isMinimized()) window.restore();
    window.focus();
  }

  /** The main window in front, shown again when it was hidden to the tray or started hidden. */
  function showMain(window: BrowserWindow): void {
    if (!window.isVisible()) window.show();
    focusWindow(window);
  }

  function openSettings(): void {
    if (settings) {
      focusWindow(settings);
      return;
    }
    const window = secureWindow('local', {
      bridge: false,
      extra: { width: 560, height: 640, resizable: true },
    });
    settings = window;
    window.on('closed', () => {
      if (settings === window) settings = null;
    });
    void window.loadURL(settingsUrl(deps.language()));
  }

  function reloadMain(): void {
    const platform = deps.platform();
    if (main && platform) void main.loadURL(platform.url);
  }

  function changeServer(): void {
    if (deps.serverLocked()) return;
    openFirstRun();
  }

  function openRoute(route: string): boolean {
    const platform = deps.platform();
    if (!platform) return false;
    const url = new URL(route, platform.origin);
    // isPlatformRoute already guarantees this; checked again where the URL is loaded.
    if (url.origin !== platform.origin) return false;
    if (!main) openMain();
    if (main) {
      focusWindow(main);
      void main.loadURL(url.href);
    }
    return true;
  }

  return {
    start: (options) => {
      openMain(options);
    },
    openRoute,
    focus() {
      if (main) showMain(main);
      else if (firstRun) focusWindow(firstRun);
      else openMain();
    },
    logoutHook(origin, reason, senderUrl) {
      const senderPath = senderUrl === null ? null : new URL(senderUrl).pathname;
      // The sender already is a login page: it is the place the hook would lead to.
      if (senderPath !== null && isLoginPath(senderPath)) return true;
      const wasOpen = relogin !== null;
      openRelogin(`${origin}${RELOGIN_PATH}`);
      if (!wasOpen && relogin && reason.trim() !== '') {
        deps.showMessage(relogin, {
          type: 'info',
          title: deps.t('main.logoutHook.title'),
          message: reason,
        });
      }
      return true;
    },
    changeServer,
    reloadMain,
    mainWindow: () => main,
    openInMain(url) {
      if (!main) openMain();
      if (!main) return;
      void main.loadURL(url);
      showMain(main);
    },
    openSettings,
    windows: () =>
      [main, firstRun, relogin, settings, ...others].filter(
        (window): window is BrowserWindow => window !== null,
      ),
  };
}

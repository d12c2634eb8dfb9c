import { EventEmitter } from 'node:events';
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  HandlerDetails,
  LoadURLOptions,
  MessageBoxOptions,
  WindowOpenHandlerResponse,
} from 'electron';
import { describe, expect, it } from 'vitest';
import { appWindowTarget, WINDOW_TARGETS } from '../../contract/window-targets';
import type { ConnectResult } from '../first-run/connect';
import { createMainI18n } from '../i18n/main-i18n';
import { APPS_PARTITION } from './web-preferences';
import { createWindowManager, type WindowManagerDeps } from './window-manager';
import type { WindowState } from './window-state';

const PLATFORM = { origin: 'https://school.example.edu', url: 'https://school.example.edu/' };

/** Just enough of Electron's WebContents for the manager and the navigation guard. */
class FakeContents extends EventEmitter {
  url = '';
  destroyed = false;
  loads: { url: string; options?: LoadURLOptions | undefined }[] = [];
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }
  getURL(): string {
    return this.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  loadURL(url: string, options?: LoadURLOptions): Promise<void> {
    this.loads.push({ url, options });
    this.url = url;
    return Promise.resolve();
  }
  /** A page calls window.open(url, name). */
  open(url: string, frameName = ''): WindowOpenHandlerResponse | undefined {
    return this.openHandler?.({
      url,
      frameName,
      features: '',
      disposition: 'foreground-tab',
      referrer: { url: this.url, policy: 'default' },
    });
  }
  /** A page navigates; answers whether the navigation went ahead. */
  navigate(url: string): boolean {
    const state = { prevented: false };
    this.emit('will-navigate', {
      url,
      isMainFrame: true,
      preventDefault: () => {
        state.prevented = true;
      },
    });
    if (!state.prevented) {
      this.url = url;
      this.emit('did-navigate', {}, url);
    }
    return !state.prevented;
  }
}

class FakeWindow extends EventEmitter {
  readonly webContents = new FakeContents();
  shown = false;
  focused = 0;
  closed = false;
  maximized = false;
  fullScreen = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
  show(): void {
    this.shown = true;
  }
  hide(): void {
    this.shown = false;
  }
  isVisible(): boolean {
    return this.shown;
  }
  focus(): void {
    this.focused += 1;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {
    /* never minimised here */
  }
  maximize(): void {
    this.maximized = true;
  }
  setFullScreen(value: boolean): void {
    this.fullScreen = value;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isFullScreen(): boolean {
    return this.fullScreen;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1300, height: 850 };
  }
  loadURL(url: string, options?: LoadURLOptions): Promise<void> {
    return this.webContents.loadURL(url, options);
  }
  close(): void {
    if (this.closed) return;
    this.emit('close');
    this.closed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
  }
}

function setup(
  options: {
    platform?: { origin: string; url: string } | null;
    locked?: boolean;
    connect?: (input: string) => Promise<ConnectResult>;
    windowState?: WindowState;
    warn?: (message: string) => void;
  } = {},
) {
  const settingsSaved: string[] = [];
  const mainWindows: unknown[] = [];
  let platform = options.platform === undefined ? PLATFORM : options.platform;
  const windows: FakeWindow[] = [];
  const external: string[] = [];
  const messages: MessageBoxOptions[] = [];
  const saved: WindowState[] = [];
  const offline: string[] = [];
  const chosen: string[] = [];
  const deps: WindowManagerDeps = {
    createWindow(windowOptions) {
      const window = new FakeWindow(windowOptions);
      windows.push(window);
      return window as unknown as BrowserWindow;
    },
    openInBrowser: (url) => external.push(url),
    showMessage: (_window, message) => messages.push(message),
    preloadPath: '/app/dist-electron/preload.cjs',
    iconPath: '/app/resources/icons/icon.png',
    platform: () => platform,
    serverLocked: () => options.locked ?? false,
    language: () => 'en',
    t: createMainI18n('en'),
    loadWindowState: () =>
      options.windowState ?? {
        width: 1400,
        height: 900,
        x: 5,
        y: 6,
        maximized: true,
        fullScreen: false,
      },
    saveWindowState: (state) => saved.push(state),
    connect:
      options.connect ??
      ((input) => Promise.resolve({ ok: true, origin: input, url: `${input}/` } as const)),
    chooseServer(server) {
      chosen.push(server.origin);
      platform = server;
    },
    setOffline: (server, error) => offline.push(`${server} ${error}`),
    warn: options.warn ?? (() => undefined),
    onMainWindow: (window) => mainWindows.push(window),
    saveSettings: (params) => settingsSaved.push(params.toString()),
  };
  const manager = createWindowManager(deps);
  const open = () => windows.filter((window) => !window.closed);
  return {
    manager,
    windows,
    open,
    external,
    messages,
    saved,
    offline,
    chosen,
    settingsSaved,
    mainWindows,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('window manager: start', () => {
  it('shows the first-run page, without the bridge, when no server is configured', () => {
    const { manager, windows } = setup({ platform: null });
    manager.start();
    expect(windows).toHaveLength(1);
    const [window] = windows;
    expect(window?.webContents.loads).toEqual([
      { url: 'app://edudesk/first-run.html?lang=en', options: undefined },
    ]);
    expect(window?.options.webPreferences?.preload).toBeUndefined();
    expect(window?.options.webPreferences?.sandbox).toBe(true);
  });

  it('opens the main window on the server, with the bridge and the remembered state', () => {
    const { manager, windows } = setup();
    manager.start();
    const [main] = windows;
    expect(main?.webContents.loads[0]?.url).toBe(PLATFORM.url);
    expect(main?.options).toMatchObject({ width: 1400, height: 900, x: 5, y: 6, show: false });
    expect(main?.options.webPreferences).toMatchObject({
      preload: '/app/dist-electron/preload.cjs',
      additionalArguments: ['--edudesk-origin=https://school.example.edu'],
      contextIsolation: true,
      sandbox: true,
    });
    expect(main?.maximized).toBe(true);
    main?.emit('ready-to-show');
    expect(main?.shown).toBe(true);
    manager.start();
    expect(windows).toHaveLength(1);
  });

  it('centres the main window when no place was saved', () => {
    const { manager, windows } = setup({
      windowState: { width: 1000, height: 700, maximized: false, fullScreen: false },
    });
    manager.start();
    expect(windows[0]?.options).toMatchObject({ width: 1000, height: 700 });
    expect(windows[0]?.options).not.toHaveProperty('x');
    expect(windows[0]?.options).not.toHaveProperty('y');
    expect(windows[0]?.maximized).toBe(false);
  });

  it('saves the window state when the main window closes', () => {
    const { manager, windows, saved } = setup();
    manager.start();
    windows[0]?.close();
    expect(saved).toEqual([
      { x: 10, y: 20, width: 1300, height: 850, maximized: true, fullScreen: false },
    ]);
  });
});

describe('window manager: tray and settings', () => {
  it('starts hidden to the tray with --hidden, and shows the main window when asked', () => {
    const { manager, windows, mainWindows } = setup();
    manager.start({ hidden: true });
    const [main] = windows;
    expect(mainWindows).toEqual([main]);
    main?.emit('ready-to-show');
    expect(main?.shown).toBe(false);
    manager.focus();
    expect(main?.shown).toBe(true);
    expect(main?.focused).toBe(1);
  });

  it('opens a route in the main window, in front even when it was hidden', () => {
    const { manager, windows } = setup();
    manager.start();
    const [main] = windows;
    main?.hide();
    manager.openInMain(`${PLATFORM.origin}/pages/notice/index.html#/1`);
    expect(main?.webContents.getURL()).toBe(`${PLATFORM.origin}/pages/notice/index.html#/1`);
    expect(main?.shown).toBe(true);
    expect(manager.mainWindow()).toBe(main);
  });

  it('opens one Settings window, which alone may save the settings', async () => {
    const { manager, windows, settingsSaved } = setup();
    manager.start();
    manager.openSettings();
    manager.openSettings();
    expect(windows).toHaveLength(2);
    const settings = windows[1]?.webContents;
    expect(settings?.getURL()).toBe('app://edudesk/settings.html?lang=en');
    expect(windows[1]?.options.webPreferences?.preload).toBeUndefined();
    // The offline page in the main window is a bundled page too, but may not save settings.
    const main = windows[0]?.webContents;
    main?.emit('did-fail-load', {}, -105, 'ERR_NAME_NOT_RESOLVED', PLATFORM.url, true);
    expect(main?.navigate('app://edudesk/save-settings?lang=en&notifications=on')).toBe(false);
    await flush();
    expect(settingsSaved).toEqual([]);
    expect(settings?.navigate('app://edudesk/save-settings?lang=en&closeToTray=on')).toBe(false);
    await flush();
    expect(settingsSaved).toEqual(['lang=en&closeToTray=on']);
    expect(settings?.getURL()).toBe('app://edudesk/settings.html?lang=en&saved=1');
  });
});

describe('window manager: offline page', () => {
  it('shows the offline page when the server cannot be loaded, and retries from it', () => {
    const { manager, windows, offline } = setup();
    manager.start();
    const contents = windows[0]?.webContents;
    contents?.emit('did-fail-load', {}, -3, 'ERR_ABORTED', PLATFORM.url, true);
    contents?.emit('did-fail-load', {}, -105, 'ERR_NAME_NOT_RESOLVED', 'https://cdn.x/a.js', false);
    expect(contents?.loads).toHaveLength(1);
    contents?.emit('did-fail-load', {}, -105, 'ERR_NAME_NOT_RESOLVED', PLATFORM.url, true);
    expect(offline).toEqual([`${PLATFORM.url} ERR_NAME_NOT_RESOLVED (-105)`]);
    expect(contents?.getURL()).toBe('app://edudesk/offline.html?lang=en');
    expect(contents?.navigate('app://edudesk/retry')).toBe(false);
    expect(contents?.getURL()).toBe(PLATFORM.url);
  });
});

describe('window manager: pages that fail', () => {
  it('shows the certificate page, naming the host, when the certificate was refused', () => {
    const { manager, windows, offline } = setup();
    manager.start();
    const contents = windows[0]?.webContents;
    contents?.emit('did-fail-load', {}, -202, 'ERR_CERT_AUTHORITY_INVALID', PLATFORM.url, true);
    expect(offline).toEqual([]);
    expect(contents?.getURL()).toBe(
      'app://edudesk/certificate.html?lang=en&host=school.example.edu',
    );
    // Its only action is Retry: the platform again, never "trust anyway".
    expect(contents?.navigate('app://edudesk/retry')).toBe(false);
    expect(contents?.getURL()).toBe(PLATFORM.url);
  });

  it('shows the offline page with Retry when the page crashes, and logs it', () => {
    const warnings: string[] = [];
    const { manager, windows, offline } = setup({ warn: (message) => warnings.push(message) });
    manager.start();
    const contents = windows[0]?.webContents;
    contents?.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(contents?.getURL()).toBe(PLATFORM.url);
    contents?.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 5 });
    expect(contents?.getURL()).toBe('app://edudesk/offline.html?lang=en');
    expect(offline).toEqual([`${PLATFORM.url} renderer crashed (5)`]);
    expect(warnings).toEqual(["The page's renderer is gone: crashed (5)"]);
    expect(contents?.navigate('app://edudesk/retry')).toBe(false);
    expect(contents?.getURL()).toBe(PLATFORM.url);
  });

  it('shows nothing once the window is gone (the client quitting)', () => {
    const { manager, windows, offline } = setup();
    manager.start();
    const main = windows[0];
    main?.close();
    main?.webContents.emit('render-process-gone', {}, { reason: 'killed', exitCode: 1 });
    expect(offline).toEqual([]);
    expect(main?.webContents.loads).toHaveLength(1);
  });

  it('shows the offline page when the page stops responding', () => {
    const warnings: string[] = [];
    const { manager, windows, offline } = setup({ warn: (message) => warnings.push(message) });
    manager.start();
    const contents = windows[0]?.webContents;
    contents?.emit('unresponsive');
    expect(contents?.getURL()).toBe('app://edudesk/offline.html?lang=en');
    expect(offline).toEqual([`${PLATFORM.url} page not responding`]);
    expect(warnings).toEqual(['The page stopped responding']);
  });
});

describe('window manager: first run', () => {
  it('shows the error and the address again when the server is refused', async () => {
    const { manager, windows, chosen } = setup({
      platform: null,
      connect: () => Promise.resolve({ ok: false, error: 'insecure' }),
    });
    manager.start();
    const firstRun = windows[0]?.webContents;
    expect(firstRun?.navigate('app://edudesk/connect?lang=en&url=http%3A%2F%2Fa.edu')).toBe(false);
    await flush();
    expect(firstRun?.loads[1]?.url).toBe(
      'app://edudesk/first-run.html?lang=en&value=http%3A%2F%2Fa.edu&checking=1',
    );
    expect(firstRun?.getURL()).toBe(
      'app://edudesk/first-run.html?lang=en&error=insecure&value=http%3A%2F%2Fa.edu',
    );
    expect(chosen).toEqual([]);
  });

  it('saves a good server, opens the main window on it and closes the first-run page', async () => {
    const { manager, windows, open, chosen } = setup({ platform: null });
    manager.start();
    windows[0]?.webContents.navigate('app://edudesk/connect?url=https%3A%2F%2Fnew.edu');
    await flush();
    expect(chosen).toEqual(['https://new.edu']);
    expect(open()).toHaveLength(1);
    expect(open()[0]?.webContents.getURL()).toBe('https://new.edu/');
    expect(open()[0]?.options.webPreferences?.additionalArguments).toEqual([
      '--edudesk-origin=https://new.edu',
    ]);
  });

  it('replaces the main window when the user changes the server', async () => {
    const { manager, windows, open } = setup();
    manager.start();
    manager.changeServer();
    expect(open()).toHaveLength(2);
    windows[1]?.webContents.navigate('app://edudesk/connect?url=https%3A%2F%2Fother.edu');
    await flush();
    expect(open().map((window) => window.webContents.getURL())).toEqual(['https://other.edu/']);
  });

  it('does not offer another server when an administrator set it', () => {
    const { manager, open } = setup({ locked: true });
    manager.start();
    manager.changeServer();
    open()[0]?.webContents.emit('did-fail-load', {}, -105, 'x', PLATFORM.url, true);
    open()[0]?.webContents.navigate('app://edudesk/change-server');
    expect(open()).toHaveLength(1);
  });
});

describe('window manager: windows a page opens', () => {
  it('opens one relogin window, and closes it for the main window once signed in', () => {
    const { manager, open } = setup();
    manager.start();
    const main = open()[0];
    main?.webContents.open(`${PLATFORM.origin}/needtologinpagerelogin`);
    main?.webContents.open(`${PLATFORM.origin}/needtologinpagerelogin`);
    expect(open()).toHaveLength(2);
    const relogin = open()[1];
    expect(relogin?.options.parent).toBe(main);
    expect(relogin?.options.webPreferences?.preload).toBe('/app/dist-electron/preload.cjs');
    relogin?.webContents.navigate(`${PLATFORM.origin}/login`);
    expect(relogin?.closed).toBe(false);
    relogin?.webContents.navigate(`${PLATFORM.origin}/pages/base/pc_desktop_all/index.html`);
    expect(relogin?.closed).toBe(true);
    expect(main?.webContents.loads.map((load) => load.url)).toEqual([PLATFORM.url, PLATFORM.url]);
  });

  it('opens single-sign-on pages in their own session without the bridge, one window per name', () => {
    const { manager, open } = setup();
    manager.start();
    const main = open()[0]?.webContents;
    main?.open('https://hik.example.com/sso?t=1', appWindowTarget('haikang'));
    main?.open('https://hik.example.com/sso?t=2', appWindowTarget('haikang'));
    main?.open('https://ysy.example.com/login', appWindowTarget('ysy'));
    expect(open()).toHaveLength(3);
    const haikang = open()[1];
    expect(haikang?.options.webPreferences?.preload).toBeUndefined();
    expect(haikang?.options.webPreferences?.partition).toBe(APPS_PARTITION);
    expect(haikang?.webContents.loads.map((load) => load.url)).toEqual([
      'https://hik.example.com/sso?t=1',
      'https://hik.example.com/sso?t=2',
    ]);
    expect(haikang?.webContents.loads[0]?.options?.httpReferrer).toEqual({
      url: PLATFORM.url,
      policy: 'default',
    });
  });

  it('gives platform pages in their own window the bridge and the platform session', () => {
    const { manager, open } = setup();
    manager.start();
    open()[0]?.webContents.open(`${PLATFORM.origin}/forgetPassword`, '_blank');
    open()[0]?.webContents.open(`${PLATFORM.origin}/forgetPassword`, '_blank');
    expect(open()).toHaveLength(3);
    expect(open()[1]?.options.webPreferences?.partition).toBeUndefined();
    expect(open()[1]?.options.webPreferences?.preload).toBeDefined();
  });

  it('reuses one help-centre window', () => {
    const { manager, open } = setup();
    manager.start();
    const main = open()[0]?.webContents;
    main?.open('https://help.example.com/?redUrl=a&accessToken=t&unitId=1');
    main?.open('https://help.example.com/other', WINDOW_TARGETS.helpCentre);
    expect(open()).toHaveLength(2);
    expect(open()[1]?.webContents.loads).toHaveLength(2);
  });

  it('sends other links to the browser, and nothing for other schemes', () => {
    const { manager, open, external } = setup();
    manager.start();
    open()[0]?.webContents.open('https://beian.miit.gov.cn/', '_blank');
    open()[0]?.webContents.open('smb://fileserver/share', '_blank');
    expect(external).toEqual(['https://beian.miit.gov.cn/']);
    expect(open()).toHaveLength(1);
  });
});

describe('window manager: logout hook', () => {
  it('opens the relogin window with the reason when a landing page calls it', () => {
    const { manager, open, messages } = setup();
    manager.start();
    expect(
      manager.logoutHook(
        PLATFORM.origin,
        '设备登录失败！',
        `${PLATFORM.origin}/pages/base/pc_desktop_all/index.html`,
      ),
    ).toBe(true);
    expect(open()[1]?.webContents.getURL()).toBe(`${PLATFORM.origin}/needtologinpagerelogin`);
    expect(messages).toEqual([
      { type: 'info', title: 'Please sign in again', message: '设备登录失败！' },
    ]);
    manager.logoutHook(PLATFORM.origin, 'again', `${PLATFORM.origin}/desktop`);
    expect(open()).toHaveLength(2);
    expect(messages).toHaveLength(1);
  });

  it('does nothing on a login page: the user is already where the hook leads', () => {
    const { manager, open } = setup();
    manager.start();
    expect(manager.logoutHook(PLATFORM.origin, 'x', `${PLATFORM.origin}/login`)).toBe(true);
    expect(open()).toHaveLength(1);
  });
});

describe('window manager: edudesk:// routes', () => {
  it('opens a route in the main window, creating it when it is closed', () => {
    const { manager, windows, open } = setup();
    manager.start();
    const [main] = windows;
    expect(manager.openRoute('/pages/notice/index.html?id=7')).toBe(true);
    expect(main?.webContents.loads.at(-1)?.url).toBe(
      'https://school.example.edu/pages/notice/index.html?id=7',
    );
    expect(main?.focused).toBeGreaterThan(0);
    main?.close();
    expect(manager.openRoute('/desktop/home')).toBe(true);
    expect(open()).toHaveLength(1);
    expect(open()[0]?.webContents.loads.at(-1)?.url).toBe(
      'https://school.example.edu/desktop/home',
    );
  });

  it('opens nothing before a server is chosen, and never another origin', () => {
    const first = setup({ platform: null });
    first.manager.start();
    expect(first.manager.openRoute('/desktop')).toBe(false);
    expect(first.windows[0]?.webContents.loads).toHaveLength(1);

    const { manager, windows } = setup();
    manager.start();
    expect(manager.openRoute('//evil.example/pages/x')).toBe(false);
    expect(windows[0]?.webContents.loads).toHaveLength(1);
  });
});

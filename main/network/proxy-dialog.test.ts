import { EventEmitter } from 'node:events';
import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { createProxyDialog, readProxyAnswer } from './proxy-dialog';
import type { ProxyPrompt } from './proxy-login';

const PROMPT: ProxyPrompt = {
  proxy: 'proxy.school.example:8080',
  realm: '',
  username: '',
  failed: false,
  canSave: true,
};

/** Just enough of a BrowserWindow for the dialog. */
class FakeWindow extends EventEmitter {
  readonly webContents = Object.assign(new EventEmitter(), {
    setWindowOpenHandler: () => undefined,
  });
  loaded: string[] = [];
  destroyed = false;
  constructor(readonly options: BrowserWindowConstructorOptions) {
    super();
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  show() {
    /* shown */
  }
  close() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
  /** The page navigates; answers whether the navigation went ahead. */
  navigate(url: string): boolean {
    let prevented = false;
    this.webContents.emit('will-navigate', {
      url,
      preventDefault: () => {
        prevented = true;
      },
    });
    return !prevented;
  }
}

function setup() {
  const windows: FakeWindow[] = [];
  const dialog = createProxyDialog({
    createWindow: (options) => {
      const window = new FakeWindow(options);
      windows.push(window);
      return window as unknown as BrowserWindow;
    },
    language: () => 'en',
    t: createMainI18n('en'),
  });
  return { dialog, windows };
}

describe('readProxyAnswer', () => {
  it('reads the form of its own dialog only', () => {
    expect(
      readProxyAnswer('app://edudesk/proxy-login?id=1&username=u&password=p%26w&remember=1', 1),
    ).toEqual({ username: 'u', password: 'p&w', remember: true });
    expect(readProxyAnswer('app://edudesk/proxy-login?id=1&username=u', 1)).toEqual({
      username: 'u',
      password: '',
      remember: false,
    });
    expect(readProxyAnswer('app://edudesk/proxy-cancel?id=1', 1)).toBeNull();
    expect(readProxyAnswer('app://edudesk/proxy-login?id=2&username=u', 1)).toBe('ignore');
    expect(readProxyAnswer('https://evil.example/proxy-login?id=1&username=u', 1)).toBe('ignore');
    expect(readProxyAnswer('app://edudesk/offline.html?id=1', 1)).toBe('ignore');
  });
});

describe('proxy dialog window', () => {
  it('shows the page in a sandboxed window and answers with what the form sent', async () => {
    const { dialog, windows } = setup();
    const answer = dialog.ask(PROMPT);
    const [window] = windows;
    expect(window?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true });
    expect(window?.options.webPreferences?.preload).toBeUndefined();
    expect(window?.loaded).toEqual(['app://edudesk/proxy-login.html?lang=en&id=1']);
    expect(dialog.prompt(1)).toEqual(PROMPT);
    // Navigations elsewhere are stopped and change nothing.
    expect(window?.navigate('https://evil.example/')).toBe(false);
    expect(window?.destroyed).toBe(false);
    expect(
      window?.navigate('app://edudesk/proxy-login?id=1&username=t01&password=secret&remember=1'),
    ).toBe(false);
    expect(await answer).toEqual({ username: 't01', password: 'secret', remember: true });
    expect(window?.destroyed).toBe(true);
    expect(dialog.prompt(1)).toBeNull();
  });

  it('treats Cancel and closing the window as cancel', async () => {
    const { dialog, windows } = setup();
    const cancelled = dialog.ask(PROMPT);
    windows[0]?.navigate('app://edudesk/proxy-cancel?id=1');
    expect(await cancelled).toBeNull();
    const closed = dialog.ask(PROMPT);
    windows[1]?.close();
    expect(await closed).toBeNull();
  });
});

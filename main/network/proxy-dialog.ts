import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron';
import type { MainTranslate } from '../i18n/main-i18n';
import { isLocalUrl } from '../windows/url-policy';
import { secureWebPreferences } from '../windows/web-preferences';
import { proxyLoginPageUrl } from './pages';
import type { ProxyAnswer, ProxyPrompt } from './proxy-login';

export interface ProxyDialogDeps {
  /** Makes the dialog's window, modal to the focused window if any. */
  createWindow(options: BrowserWindowConstructorOptions): BrowserWindow;
  language(): string;
  t: MainTranslate;
}

export interface ProxyDialog {
  ask(prompt: ProxyPrompt): Promise<ProxyAnswer>;
  /** What the open dialog with this id shows (the page's values, pages.ts). */
  prompt(id: number): ProxyPrompt | null;
}

/** What the dialog's form or Cancel link navigated to, for the dialog `id`. */
export function readProxyAnswer(rawUrl: string, id: number): ProxyAnswer | 'ignore' {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'ignore';
  }
  if (!isLocalUrl(url) || url.searchParams.get('id') !== String(id)) return 'ignore';
  if (url.pathname === '/proxy-cancel') return null;
  if (url.pathname !== '/proxy-login') return 'ignore';
  return {
    username: url.searchParams.get('username') ?? '',
    password: url.searchParams.get('password') ?? '',
    remember: url.searchParams.get('remember') === '1',
  };
}

/**
 * The proxy sign-in dialog: a small modal window showing app://edudesk/proxy-login.html. The page
 * has no script; its form and Cancel link are navigations this module stops and reads (the
 * window never loads anything else), and closing the window is Cancel.
 */
export function createProxyDialog(deps: ProxyDialogDeps): ProxyDialog {
  const open = new Map<number, ProxyPrompt>();
  let next = 0;

  return {
    prompt: (id) => open.get(id) ?? null,
    ask(prompt) {
      next += 1;
      const id = next;
      open.set(id, prompt);
      const window = deps.createWindow({
        width: 460,
        height: 560,
        resizable: false,
        minimizable: false,
        maximizable: false,
        fullscreenable: false,
        show: false,
        autoHideMenuBar: true,
        title: deps.t('main.proxy.title'),
        webPreferences: secureWebPreferences(),
      });
      return new Promise<ProxyAnswer>((resolve) => {
        let answered = false;
        const finish = (answer: ProxyAnswer) => {
          if (answered) return;
          answered = true;
          open.delete(id);
          resolve(answer);
          if (!window.isDestroyed()) window.close();
        };
        const contents = window.webContents;
        contents.setWindowOpenHandler(() => ({ action: 'deny' }));
        const onNavigation = (event: { url: string; preventDefault(): void }) => {
          event.preventDefault();
          const answer = readProxyAnswer(event.url, id);
          if (answer !== 'ignore') finish(answer);
        };
        contents.on('will-navigate', onNavigation);
        contents.on('will-redirect', onNavigation);
        window.once('ready-to-show', () => {
          window.show();
        });
        window.on('closed', () => {
          finish(null);
        });
        void window.loadURL(proxyLoginPageUrl(deps.language(), id));
      });
    },
  };
}

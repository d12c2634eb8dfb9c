import { EventEmitter } from 'node:events';
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';
import { describe, expect, it } from 'vitest';
import { appWindowTarget } from '../../contract/window-targets';
import { effectiveRole, guardWebContents, isSafeExternalUrl } from './navigation-guard';
import type { WindowRole } from './url-policy';

const PLATFORM = 'https://school.example.edu';

/** Just enough of WebContents: the open handler, the two events and the current URL. */
class FakeContents extends EventEmitter {
  url = '';
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }
  getURL(): string {
    return this.url;
  }

  /** Emits a navigation event like Electron; answers whether it went ahead. */
  navigate(
    kind: 'will-navigate' | 'will-redirect' | 'will-frame-navigate',
    url: string,
    isMainFrame = true,
  ): boolean {
    let prevented = false;
    this.emit(kind, {
      url,
      isMainFrame,
      preventDefault: () => {
        prevented = true;
      },
    });
    return !prevented;
  }

  open(url: string, frameName = ''): WindowOpenHandlerResponse | undefined {
    return this.openHandler?.({
      url,
      frameName,
      features: '',
      disposition: 'foreground-tab',
      referrer: { url: '', policy: 'default' },
    });
  }
}

function guarded(role: WindowRole, current = '') {
  const contents = new FakeContents();
  contents.url = current;
  const log: string[] = [];
  guardWebContents(contents as unknown as WebContents, role, {
    platformOrigin: () => PLATFORM,
    openWindow: (windowRole, details) => log.push(`window:${windowRole}:${details.url}`),
    openInBrowser: (url) => log.push(`external:${url}`),
    localAction: (name, params, target) => {
      log.push(`local:${name}:${params.toString()}`);
      expect(target).toBe(contents);
    },
  });
  return { contents, log };
}

describe('guardWebContents: new windows', () => {
  it('denies every new window and opens the right one itself', () => {
    const { contents, log } = guarded('main', `${PLATFORM}/desktop`);
    expect(contents.open(`${PLATFORM}/needtologinpagerelogin`)).toEqual({ action: 'deny' });
    expect(contents.open('https://hik.example.com/sso', appWindowTarget('haikang'))).toEqual({
      action: 'deny',
    });
    expect(contents.open('https://beian.miit.gov.cn/', '_blank')).toEqual({ action: 'deny' });
    expect(contents.open('file:///C:/Windows/notepad.exe')).toEqual({ action: 'deny' });
    expect(log).toEqual([
      `window:relogin:${PLATFORM}/needtologinpagerelogin`,
      'window:app:https://hik.example.com/sso',
      'external:https://beian.miit.gov.cn/',
    ]);
  });
});

describe('guardWebContents: navigation', () => {
  it('keeps the main window on the platform and sends other sites to the browser', () => {
    const { contents, log } = guarded('main', `${PLATFORM}/login`);
    expect(
      contents.navigate('will-navigate', `${PLATFORM}/pages/base/pc_desktop_all/index.html`),
    ).toBe(true);
    expect(contents.navigate('will-navigate', 'https://evil.example.com/phish')).toBe(false);
    expect(contents.navigate('will-redirect', 'https://sso.example.com/cas')).toBe(false);
    expect(
      contents.navigate('will-navigate', 'app://edudesk/connect?url=https://evil.example.com'),
    ).toBe(false);
    expect(log).toEqual([
      'external:https://evil.example.com/phish',
      'external:https://sso.example.com/cas',
    ]);
  });

  it('leaves frames other than the top frame alone', () => {
    const { contents, log } = guarded('main', `${PLATFORM}/login`);
    expect(contents.navigate('will-redirect', 'https://open.weixin.example.com/qr', false)).toBe(
      true,
    );
    expect(log).toEqual([]);
  });

  it('runs a bundled page action only in a window showing a bundled page', () => {
    const offline = guarded('main', 'app://edudesk/offline.html');
    expect(offline.contents.navigate('will-navigate', 'app://edudesk/retry')).toBe(false);
    expect(offline.log).toEqual(['local:retry:']);

    const firstRun = guarded('local', 'app://edudesk/first-run.html');
    expect(
      firstRun.contents.navigate(
        'will-navigate',
        'app://edudesk/connect?lang=en&url=https%3A%2F%2Fschool.example.edu',
      ),
    ).toBe(false);
    expect(
      firstRun.contents.navigate('will-navigate', 'app://edudesk/first-run.html?lang=en'),
    ).toBe(true);
    expect(firstRun.contents.navigate('will-navigate', 'https://school.example.edu/')).toBe(false);
    expect(firstRun.log).toEqual(['local:connect:lang=en&url=https%3A%2F%2Fschool.example.edu']);
  });

  it('lets application windows browse the web but nothing else', () => {
    const { contents, log } = guarded('app', 'https://hik.example.com/sso');
    expect(contents.navigate('will-redirect', 'https://hik.example.com/home')).toBe(true);
    expect(contents.navigate('will-navigate', 'file:///etc/passwd')).toBe(false);
    expect(contents.navigate('will-navigate', 'app://edudesk/change-server')).toBe(false);
    expect(log).toEqual([]);
  });
});

describe('helpers', () => {
  it('treats a window on a bundled page as local', () => {
    expect(effectiveRole('main', 'app://edudesk/offline.html')).toBe('local');
    expect(effectiveRole('main', `${PLATFORM}/login`)).toBe('main');
    expect(effectiveRole('app', '')).toBe('app');
  });

  it('lets only http(s) reach the system browser', () => {
    expect(isSafeExternalUrl('https://a.edu/')).toBe(true);
    expect(isSafeExternalUrl('http://a.edu/')).toBe(true);
    for (const url of [
      'file:///c:/x',
      'smb://host/share',
      'ms-settings:privacy',
      'javascript:1',
      'x',
    ]) {
      expect(isSafeExternalUrl(url), url).toBe(false);
    }
  });
});

describe('frames', () => {
  it('load the platform’s pages and the providers’ QR login pages, nothing else', () => {
    const { contents } = guarded('main', `${PLATFORM}/login`);
    const frame = (url: string) => contents.navigate('will-frame-navigate', url, false);
    expect(frame(`${PLATFORM}/standin/open.weixin.qq.com/connect/qrconnect?appid=x`)).toBe(true);
    expect(frame('https://open.weixin.qq.com/connect/qrconnect?appid=x')).toBe(true);
    expect(frame('https://login.work.weixin.qq.com/wwlogin/sso/login?appid=x')).toBe(true);
    expect(frame('about:blank')).toBe(true);
    expect(frame('https://evil.example.com/frame')).toBe(false);
    expect(frame('http://open.weixin.qq.com/connect/qrconnect')).toBe(false);
    expect(frame('javascript:alert(1)')).toBe(false);
  });

  it('leave the main frame to the navigation rules', () => {
    const { contents } = guarded('main', `${PLATFORM}/login`);
    expect(contents.navigate('will-frame-navigate', 'https://evil.example.com/', true)).toBe(true);
  });
});

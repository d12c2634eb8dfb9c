import { describe, expect, it } from 'vitest';
import { LANDING_PAGE_CODE, landingPageOfPath } from '../../contract/web-build';
import { resolvePage } from './page-resolver';

describe('resolvePage', () => {
  it('shows the login page at the root and at the login paths', () => {
    expect(resolvePage('/')).toEqual({ kind: 'login', initialRoute: null });
    expect(resolvePage('/login')).toEqual({ kind: 'login', initialRoute: '/login' });
    expect(resolvePage('/login/')).toEqual({ kind: 'login', initialRoute: '/login/' });
    expect(resolvePage('/forgetPassword')).toEqual({
      kind: 'login',
      initialRoute: '/forgetPassword',
    });
    expect(resolvePage('/bind/')).toEqual({ kind: 'login', initialRoute: '/bind/' });
    expect(resolvePage('/redirect/homework').kind).toBe('login');
  });

  it('recognises the landing pages of spec §2', () => {
    expect(resolvePage('/pages/base/pc_desktop_all/index.html').kind).toBe('desktop');
    expect(resolvePage('/school/base/pc_desktop_all/index.html').kind).toBe('desktop');
    expect(resolvePage('/pages/base/pc_app_tm/index.html').kind).toBe('desktop');
    expect(resolvePage('/pc_desktop_all.html').kind).toBe('desktop');
    expect(resolvePage('/area/areaBase/pc_areaDesktop_all/index.html').kind).toBe('area-desktop');
    expect(resolvePage('/pages/base/mobile_desktop_all/index.html').kind).toBe('mobile-desktop');
    expect(resolvePage('/mobile_desktop_all.html').kind).toBe('mobile-desktop');
    expect(resolvePage('/pages/login/pc_bind_all/index.html').kind).toBe('bind');
  });

  it('recognises the My files page (issue 5)', () => {
    expect(resolvePage('/pages/base/pc_myFiles_all/index.html').kind).toBe('my-files');
    expect(resolvePage('/school/base/pc_myFiles_all/index.html').kind).toBe('my-files');
    expect(resolvePage('/pc_myFiles_all.html').kind).toBe('my-files');
    expect(resolvePage('/pages/base/pc_myFiles_all/index.htmlx').kind).toBe('login');
  });

  it('shows the authorisation page at any path containing authorize (spec §2, issue 15)', () => {
    expect(resolvePage('/authorize').kind).toBe('authorize');
    expect(resolvePage('/oauth/authorize').kind).toBe('authorize');
  });

  it('does not match look-alike paths', () => {
    expect(resolvePage('/pages/base/pc_desktop_all/index.htmlx').kind).toBe('login');
    expect(resolvePage('/pages/x/base/pc_desktop_all/index.html').kind).toBe('login');
  });
});

describe('landingPageOfPath', () => {
  // The server sends these paths the landing page's own HTML: it must agree with the app.
  it.each([
    ['/pages/base/pc_desktop_all/index.html', 'desktop'],
    ['/school/base/pc_app_tm/index.html', 'desktop'],
    ['/area/areaBase/pc_areaDesktop_all/index.html', 'area-desktop'],
    ['/pages/base/mobile_desktop_all/index.html', 'mobile-desktop'],
    ['/pages/base/pc_myFiles_all/index.html', undefined],
    ['/pages/login/pc_bind_all/index.html', undefined],
    ['/pages/other/pc_desktop_all/index.html', undefined],
    ['/area/other/pc_areaDesktop_all/index.html', undefined],
    ['/pages/base/pc_desktop_all/index.htmlx', undefined],
    ['/login', undefined],
  ] as const)('%s → %s, as resolvePage', (path, expected) => {
    expect(landingPageOfPath(path)).toBe(expected);
    const { kind } = resolvePage(path);
    if (expected) expect(kind).toBe(expected);
    else expect(Object.keys(LANDING_PAGE_CODE)).not.toContain(kind);
  });
});

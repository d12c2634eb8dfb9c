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

  it('recognises the My files page', () => {
    expect(resolvePage('/pages/base/pc_myFiles_all/index.html').kind).toBe('my-files');
    expect(resolvePage('/school/base/pc_myFiles_all/index.html').kind).toBe('my-files');
    expect(resolvePage('/pc_myFiles_all.html').kind).toBe('my-files');
    expect(resolvePage('/pages/base/pc_myFiles_all/index.htmlx').kind).toBe('not-found');
  });

  it('recognises the password change page', () => {
    expect(resolvePage('/pages/base/pc_changePassword_all/index.html').kind).toBe(
      'change-password',
    );
    expect(resolvePage('/school/base/pc_changePassword_all/index.html').kind).toBe(
      'change-password',
    );
    expect(resolvePage('/pc_changePassword_all.html').kind).toBe('change-password');
    expect(resolvePage('/pages/other/pc_changePassword_all/index.html').kind).toBe('not-found');
  });

  it('shows the authorisation page at any path containing authorize (spec §2)', () => {
    for (const path of ['/authorize', '/oauth/authorize', '/authorize/', '/pages/authorize']) {
      expect(resolvePage(path).kind, path).toBe('authorize');
    }
  });

  it('shows the not-found page for look-alike paths, never a silent redirect', () => {
    expect(resolvePage('/pages/base/pc_desktop_all/index.htmlx').kind).toBe('not-found');
    expect(resolvePage('/pages/x/base/pc_desktop_all/index.html').kind).toBe('not-found');
  });

  it('shows the not-found page for an application page the server refused or does not have', () => {
    // Spec §2: not in the permitted menu list (the server answers this app with 404).
    expect(resolvePage('/pages/oa/pc_oa_tm/index.html')).toEqual({
      kind: 'not-found',
      initialRoute: null,
    });
    // What /redirect/tzgg opens (spec §2), though the application's server id is notice.
    expect(resolvePage('/pages/tzgg/pc_tzgg_tm/index.html').kind).toBe('not-found');
    expect(resolvePage('/redirect/tzgg/').kind).toBe('login');
    expect(resolvePage('/redirect/a/b').kind).toBe('not-found');
    expect(resolvePage('/bind').kind).toBe('login');
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

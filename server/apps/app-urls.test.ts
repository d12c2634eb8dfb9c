import { describe, expect, it } from 'vitest';
import type { ApplicationItem } from '../../contract/desktop';
import {
  appPageUrl,
  desktopUrl,
  idPathFor,
  isMenuIcon,
  menuPagePaths,
  menuPageUrl,
  rejectsTmPage,
  rootFor,
  userTypesOf,
} from './app-urls';

describe('application page URLs (spec §2)', () => {
  it('uses pre when frontUserType lists the user type, else spm for types 1 and 3, else tm', () => {
    expect(idPathFor(2, '2,4')).toBe('pre');
    expect(idPathFor('4', ' 2 , 4 ')).toBe('pre');
    expect(idPathFor(3, '2,4')).toBe('spm');
    expect(idPathFor(1, '')).toBe('spm');
    expect(idPathFor(5, '2,4')).toBe('tm');
    expect(idPathFor(2, '12')).toBe('tm');
    expect(userTypesOf('2,,4,')).toEqual(['2', '4']);
  });

  it('deploys area units under area and schools under pages', () => {
    expect(rootFor(1)).toBe('area');
    expect(rootFor('2')).toBe('pages');
  });

  it('builds the page and desktop paths', () => {
    expect(appPageUrl({ root: 'pages', serverId: 'notice', code: 'tzgg', idPath: 'pre' })).toBe(
      '/pages/notice/pc_tzgg_pre/index.html',
    );
    expect(
      appPageUrl({
        root: 'cloud',
        serverId: 'learning',
        code: 'zxxx',
        idPath: 'tm',
        device: 'mobile',
      }),
    ).toBe('/cloud/learning/mobile_zxxx_tm/index.html');
    expect(desktopUrl(2)).toBe('/pages/base/pc_desktop_all/index.html');
    expect(desktopUrl(1)).toBe('/area/areaBase/pc_areaDesktop_all/index.html');
    expect(desktopUrl(1, 'mobile')).toBe('/area/base/mobile_desktop_all/index.html');
  });
});

/** An application as the desktop's icon list gives it (spec §3). */
function app(overrides: Partial<ApplicationItem> & { code: string }): ApplicationItem {
  return {
    zname: overrides.code,
    name: overrides.code,
    shortName: overrides.code,
    englishShortName: overrides.code,
    englishName: overrides.code,
    imgPath: '',
    imgGrayPath: '',
    imgCartoonPath: '',
    iconImg: '',
    menuRoute: '',
    serverId: overrides.code,
    deployPath: '',
    frontUserType: '2,4',
    limitUserType: '',
    appType: 1,
    updateStatus: 1,
    unReadCodeCount: 0,
    ...overrides,
  };
}

const SCHOOL = 2;
const AREA = 1;

describe('the permitted menu list as page paths (spec §2)', () => {
  it("holds the page of each application the user's desktop shows, on both devices", () => {
    const apps = [app({ code: 'tzgg', serverId: 'notice' }), app({ code: 'kcb' })];
    expect([...menuPagePaths(apps, { userType: 2, unitType: SCHOOL })].sort()).toEqual([
      '/pages/kcb/mobile_kcb_pre/index.html',
      '/pages/kcb/pc_kcb_pre/index.html',
      '/pages/notice/mobile_tzgg_pre/index.html',
      '/pages/notice/pc_tzgg_pre/index.html',
    ]);
    // A student (type 5) opens the tm page; a parent (type 3) the spm page.
    expect(menuPagePaths(apps, { userType: 5, unitType: SCHOOL })).toContain(
      '/pages/kcb/pc_kcb_tm/index.html',
    );
    const parent = menuPagePaths(apps, { userType: 3, unitType: SCHOOL });
    expect(parent).toContain('/pages/kcb/pc_kcb_spm/index.html');
    expect(parent).not.toContain('/pages/kcb/pc_kcb_tm/index.html');
  });

  it('leaves out what the desktop hides or does not open by navigation', () => {
    const apps = [
      app({ code: 'oa', limitUserType: '2,4' }),
      app({ code: 'gwlz', updateStatus: 0 }),
      app({ code: 'base' }),
      app({ code: 'zjer', menuRoute: 'https://www.zjer.cn/' }),
      app({ code: 'haikang' }),
      app({ code: 'ykt' }),
      app({ code: 'bad code' }),
    ];
    // The student's menu has no oa (limitUserType), nobody's has gwlz (being upgraded).
    expect([...menuPagePaths(apps, { userType: 5, unitType: SCHOOL })]).toEqual([
      '/pages/base/pc_base_tm/index.html',
      '/pages/base/mobile_base_tm/index.html',
    ]);
    // base (and edu) are for schools only.
    expect(menuPagePaths(apps, { userType: 2, unitType: AREA }).size).toBe(2);
    expect(menuPagePaths(apps, { userType: 2, unitType: AREA })).toContain(
      '/area/oa/pc_oa_pre/index.html',
    );
  });

  it('keeps the path of a page named by the menu route, without its hash or query', () => {
    const apps = [
      app({ code: 'wdwp', menuRoute: '/files/list' }),
      app({ code: 'zxxx', deployPath: '/cloud/', serverId: 'learning', frontUserType: '5' }),
      app({ code: 'jxpt', menuRoute: '/pages/teach/pc_jxpt_pre/index.html?x=1#/home' }),
    ];
    expect([...menuPagePaths(apps, { userType: 5, unitType: SCHOOL })]).toEqual([
      '/pages/wdwp/pc_wdwp_tm/index.html',
      '/pages/wdwp/mobile_wdwp_tm/index.html',
      '/cloud/learning/pc_zxxx_pre/index.html',
      '/cloud/learning/mobile_zxxx_pre/index.html',
      '/pages/teach/pc_jxpt_pre/index.html',
    ]);
  });

  it('rejects the tm page for user types 1 and 3, even when the menu route names it', () => {
    expect(rejectsTmPage(3, 'kcb', '/pages/kcb/pc_kcb_tm/index.html')).toBe(true);
    expect(rejectsTmPage('1', 'kcb', '/pages/kcb/mobile_kcb_tm/index.html')).toBe(true);
    expect(rejectsTmPage(3, 'kcb', '/pages/kcb/pc_kcb_spm/index.html')).toBe(false);
    expect(rejectsTmPage(2, 'kcb', '/pages/kcb/pc_kcb_tm/index.html')).toBe(false);
    expect(rejectsTmPage(5, 'kcb', '/pages/kcb/pc_kcb_tm/index.html')).toBe(false);
    const named = app({ code: 'kcb', menuRoute: '/pages/kcb/pc_kcb_tm/index.html' });
    expect(menuPageUrl(named, { userType: 3, unitType: SCHOOL }, 'pc')).toBeNull();
    expect(menuPageUrl(named, { userType: 2, unitType: SCHOOL }, 'pc')).toBe(
      '/pages/kcb/pc_kcb_tm/index.html',
    );
    expect(menuPagePaths([named], { userType: 3, unitType: SCHOOL }).size).toBe(0);
  });

  it('reads user type lists as the desktop does', () => {
    expect(
      isMenuIcon(app({ code: 'a', limitUserType: '2; 4|5' }), { userType: 5, unitType: 2 }),
    ).toBe(true);
    expect(idPathFor(4, '2 4')).toBe('pre');
  });
});

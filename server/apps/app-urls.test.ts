import { describe, expect, it } from 'vitest';
import { appPageUrl, desktopUrl, idPathFor, rootFor, userTypesOf } from './app-urls';

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

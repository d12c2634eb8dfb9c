// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rootFolder } from './root-folder';

describe('rootFolder (spec §7)', () => {
  it.each([
    ['/pages/base/pc_desktop_all/index.html', false, 'base', 'pages'],
    ['/area/areaBase/pc_areaDesktop_all/index.html', false, 'areaBase', 'area'],
    ['/custom/oa/pc_oa_tm/index.html', false, 'oa', 'custom'],
    ['//double//slash/', false, 'x', 'double'],
    ['/', false, 'base', 'pages'],
    ['', false, 'base', 'pages'],
    ['/index.html', false, 'base', 'pages'],
    ['/pc_desktop_all.html', false, 'base', 'pages'],
    // Development: the configured root, except area for codes containing area or Area.
    ['/custom/oa/index.html', true, 'oa', 'pages'],
    ['/pc_desktop_all.html', true, 'areaBase', 'area'],
    ['/pc_x.html', true, 'myArea', 'area'],
    ['/pc_x.html', true, 'AREA', 'pages'],
  ])('%s (dev %s, code %s) → %s', (pathname, isDev, code, expected) => {
    expect(rootFolder({ pathname, configuredRoot: 'pages', isDev, code })).toBe(expected);
  });
});

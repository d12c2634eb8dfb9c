import { describe, expect, it } from 'vitest';
import type { ApplicationItem, MenuCategory } from '../../../contract/desktop';
import {
  appFullName,
  appImage,
  appName,
  appNamedBy,
  categoryName,
  flatApps,
  isIconVisible,
  moveCode,
  rememberRecent,
  visibleCategories,
} from './visible-apps';

function app(code: string, overrides: Partial<ApplicationItem> = {}): ApplicationItem {
  return {
    code,
    zname: `${code}应用`,
    name: `${code}名`,
    shortName: `${code}简`,
    englishShortName: `${code} en`,
    englishName: `${code} English`,
    imgPath: `/common/icons/${code}.svg`,
    imgGrayPath: `/common/icons/${code}-gray.svg`,
    imgCartoonPath: `/common/icons/${code}-cartoon.svg`,
    iconImg: '',
    menuRoute: '',
    serverId: code,
    deployPath: '',
    frontUserType: '',
    limitUserType: '',
    appType: 1,
    updateStatus: 1,
    unReadCodeCount: 0,
    ...overrides,
  };
}

const teacher = { userType: '2', unitType: '2' };
const areaUser = { userType: '1', unitType: '1' };

describe('icon visibility', () => {
  it('hides updateStatus 0, base and edu outside schools, and types outside limitUserType', () => {
    expect(isIconVisible(app('a', { updateStatus: 0 }), teacher)).toBe(false);
    expect(isIconVisible(app('base'), teacher)).toBe(true);
    expect(isIconVisible(app('base'), areaUser)).toBe(false);
    expect(isIconVisible(app('edu'), areaUser)).toBe(false);
    expect(isIconVisible(app('a', { limitUserType: '3' }), teacher)).toBe(false);
    expect(isIconVisible(app('a', { limitUserType: '2,4' }), teacher)).toBe(true);
  });

  it('drops hidden icons and the categories they leave empty', () => {
    const categories: MenuCategory[] = [
      {
        code: 'ZDYYYFL-CYYY',
        name: '常用应用',
        iconVMs: [app('a'), app('b', { updateStatus: 0 })],
      },
      { code: 'ZDYYYFL-XZBG', name: '行政办公', iconVMs: [app('c', { updateStatus: 0 })] },
    ];
    const visible = visibleCategories(categories, teacher);
    expect(visible.map((category) => category.code)).toEqual(['ZDYYYFL-CYYY']);
    expect(visible[0]?.iconVMs.map((one) => one.code)).toEqual(['a']);
  });

  it('flattens categories for the flat list, each application once', () => {
    const categories: MenuCategory[] = [
      { code: 'ZDYYYFL-CYYY', name: '常用应用', iconVMs: [app('a'), app('b')] },
      { code: 'ZDYYYFL-XZBG', name: '行政办公', iconVMs: [app('b'), app('c')] },
    ];
    expect(flatApps(categories).map((one) => one.code)).toEqual(['a', 'b', 'c']);
  });
});

describe('names and images', () => {
  it('uses the English short name in English and the short name otherwise', () => {
    expect(appName(app('a'), 'en')).toBe('a en');
    expect(appName(app('a'), 'zh-CN')).toBe('a简');
    expect(appName(app('a', { englishShortName: '', englishName: '' }), 'en')).toBe('a简');
  });

  it('gives the full name in the same language', () => {
    expect(appFullName(app('a'), 'en')).toBe('a English');
    expect(appFullName(app('a'), 'zh-HK')).toBe('a应用');
  });

  it("finds the application a message's source names, by any of its Chinese names", () => {
    const apps = [app('a'), app('b')];
    expect(appNamedBy(apps, 'b应用')?.code).toBe('b');
    expect(appNamedBy(apps, 'a简')?.code).toBe('a');
    expect(appNamedBy(apps, 'b名|||B app')?.code).toBe('b');
    expect(appNamedBy(apps, '外部系统')).toBeUndefined();
    expect(appNamedBy(apps, '')).toBeUndefined();
  });

  it('uses the cartoon and gray icons when asked, falling back to the colour one', () => {
    expect(appImage(app('a'), 'cartoon')).toBe('/common/icons/a-cartoon.svg');
    expect(appImage(app('a'), 'gray')).toBe('/common/icons/a-gray.svg');
    expect(appImage(app('a', { imgCartoonPath: '' }), 'cartoon')).toBe('/common/icons/a.svg');
  });
});

describe('ordering and recent apps', () => {
  it('moves a code to a new place', () => {
    expect(moveCode(['a', 'b', 'c', 'd'], 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveCode(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveCode(['a', 'b'], 'x', 0)).toEqual(['a', 'b']);
    expect(moveCode(['a', 'b'], 'a', 99)).toEqual(['b', 'a']);
  });

  it('keeps up to 10 recent apps, most recent first, without repeats', () => {
    let recent: string[] = [];
    for (const code of ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'])
      recent = rememberRecent(recent, code);
    expect(recent).toEqual(['k', 'j', 'i', 'h', 'g', 'f', 'e', 'd', 'c', 'a']);
  });
});

describe('categoryName', () => {
  const category = (name: string): MenuCategory => ({
    code: 'ZDYYYFL-XSCZ',
    name,
    iconVMs: [],
  });

  it('says the default name in the user language, zh-HK in Traditional characters', () => {
    expect(categoryName(category('学生成长'), 'zh-CN')).toBe('学生成长');
    expect(categoryName(category('学生成长'), 'zh-HK')).toBe('學生成長');
    expect(categoryName(category('学生成长'), 'en')).toBe('Student growth');
  });

  it("keeps a unit's own name in Chinese, and falls back to the default", () => {
    expect(categoryName(category('成长记录'), 'zh-HK')).toBe('成长记录');
    expect(categoryName(category(''), 'zh-HK')).toBe('學生成長');
    expect(categoryName(category(''), 'zh-CN')).toBe('学生成长');
  });
});

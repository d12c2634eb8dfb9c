import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import type { ApplicationItem } from '../../../contract/desktop';
import { buildSearchIndex, matchRank, normalise, searchApps, wantsPinyin } from './app-search';

function app(code: string, zname: string, shortName: string, englishName: string): ApplicationItem {
  return {
    code,
    zname,
    name: zname,
    shortName,
    englishName,
    englishShortName: '',
    imgPath: '',
    imgGrayPath: '',
    imgCartoonPath: '',
    iconImg: '',
    menuRoute: '',
    serverId: code,
    deployPath: '',
    frontUserType: '',
    limitUserType: '',
    appType: 0,
    updateStatus: 1,
    unReadCodeCount: 0,
  };
}

const APPS = [
  app('tzgg', '通知公告', '通知', 'Notices'),
  app('rcap', '日程安排', '日程', 'Schedule'),
  app('txl', '通讯录', '通讯录', 'Contacts'),
  app('kcb', '课程表', '课表', 'Timetable'),
  app('sjzx', '数据驾驶舱', '驾驶舱', 'Data Cockpit'),
];
const readPinyin = (text: string) => ({
  syllables: pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed' }),
});
const codes = (found: ApplicationItem[]) => found.map((item) => item.code);

describe('application search', () => {
  const index = buildSearchIndex(APPS, readPinyin);

  it('finds 通知 by its pinyin and its initials', () => {
    expect(codes(searchApps(index, 'tongzhi'))).toEqual(['tzgg']);
    expect(codes(searchApps(index, 'tz'))).toEqual(['tzgg']);
    expect(codes(searchApps(index, 'TZGG'))).toEqual(['tzgg']);
    expect(codes(searchApps(index, 'tong zhi'))).toEqual(['tzgg']);
  });

  it('finds by Chinese name, short name and English name, best match first', () => {
    expect(codes(searchApps(index, '通'))).toEqual(['tzgg', 'txl']);
    expect(codes(searchApps(index, '课表'))).toEqual(['kcb']);
    expect(codes(searchApps(index, '驾驶舱'))).toEqual(['sjzx']);
    expect(codes(searchApps(index, 'time'))).toEqual(['kcb']);
    expect(codes(searchApps(index, 'cockpit'))).toEqual(['sjzx']);
    // A whole-word English match outranks a pinyin prefix.
    const schedule = index.find((entry) => entry.app.code === 'rcap');
    expect(schedule && matchRank(schedule, 'schedule')).toBe(0);
  });

  it('without the pinyin dictionary still finds names; an empty query finds nothing', () => {
    const plain = buildSearchIndex(APPS, null);
    expect(codes(searchApps(plain, 'tz'))).toEqual([]);
    expect(codes(searchApps(plain, 'notice'))).toEqual(['tzgg']);
    expect(searchApps(index, '   ')).toEqual([]);
  });

  it('finds the names as the page shows them (zh-HK typed in Traditional characters)', () => {
    expect(codes(searchApps(index, '駕駛'))).toEqual([]);
    const shown = buildSearchIndex(APPS, readPinyin, (one) =>
      one.code === 'sjzx' ? ['駕駛艙', '數據駕駛艙'] : [],
    );
    expect(codes(searchApps(shown, '駕駛'))).toEqual(['sjzx']);
    expect(codes(searchApps(shown, '驾驶'))).toEqual(['sjzx']);
  });

  it('searches only the applications it was given (the ones the user may see)', () => {
    const visible = buildSearchIndex(APPS.slice(1), readPinyin);
    expect(searchApps(visible, 'tongzhi')).toEqual([]);
  });

  it('caps the results', () => {
    expect(searchApps(index, 'a', 2)).toHaveLength(2);
  });

  it('normalises case, spaces and separators; asks for pinyin only for Latin letters', () => {
    expect(normalise(' Tong-Zhi ')).toBe('tongzhi');
    expect(wantsPinyin('tz')).toBe(true);
    expect(wantsPinyin('通知')).toBe(false);
  });
});

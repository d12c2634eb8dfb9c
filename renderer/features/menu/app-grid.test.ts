import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import { dragAnnouncements } from './app-grid';
import { appName } from './visible-apps';

const app = (code: string, shortName: string, englishShortName: string) =>
  ({ code, name: shortName, shortName, englishShortName }) as unknown as ApplicationItem;

describe('dragAnnouncements', () => {
  it("names the applications in the user's language, not their codes", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'zh-CN',
      resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    });
    const apps = [app('tzgg', '通知公告', 'Notices'), app('kcb', '课表', 'Timetable')];
    const active = { id: 'tzgg' } as never;
    const over = { id: 'kcb' } as never;
    const zh = dragAnnouncements(apps, i18n.t, (one) => appName(one, 'zh-CN'));
    expect(zh.onDragStart({ active })).toBe('已拿起 通知公告。');
    expect(zh.onDragOver({ active, over })).toBe('通知公告 移到了 课表 的位置。');
    expect(zh.onDragEnd({ active, over })).toBe('通知公告 已放到 课表 的位置。');
    expect(zh.onDragEnd({ active, over: { id: 'tzgg' } as never })).toBe('通知公告 已放回原处。');
    expect(zh.onDragCancel({ active, over: null })).toBe('已取消移动 通知公告。');
    await i18n.changeLanguage('en');
    const english = dragAnnouncements(apps, i18n.t, (one) => appName(one, 'en'));
    expect(english.onDragEnd({ active, over })).toBe('Notices dropped in the place of Timetable.');
    expect(english.onDragOver({ active, over: null })).toBeUndefined();
    expect(english.onDragOver({ active, over: { id: 'tzgg' } as never })).toBeUndefined();
  });
});

import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createMainI18n } from './i18n/main-i18n';
import { menuTemplate } from './menu';

function labels(items: MenuItemConstructorOptions[]): unknown[] {
  return items.map((item) =>
    Array.isArray(item.submenu)
      ? { [item.label ?? '']: labels(item.submenu) }
      : (item.label ?? item.type ?? ''),
  );
}

const noop = {
  changeServer: () => undefined,
  reload: () => undefined,
  settings: () => undefined,
};

describe('menuTemplate', () => {
  it('offers changing the server, in the client language, without developer tools', () => {
    expect(
      labels(
        menuTemplate({
          t: createMainI18n('zh-CN'),
          canChangeServer: true,
          devTools: false,
          actions: noop,
        }),
      ),
    ).toEqual([
      { 教育桌面: ['更换服务器…', '重新加载', 'separator', '设置…', 'separator', '退出'] },
      { 视图: ['实际大小', '放大', '缩小', 'separator', '全屏'] },
    ]);
  });

  it('hides "change server" when locked, and shows developer tools in development', () => {
    const template = menuTemplate({
      t: createMainI18n('en'),
      canChangeServer: false,
      devTools: true,
      actions: noop,
    });
    expect(labels(template)).toEqual([
      { EduDesk: ['Reload', 'separator', 'Settings…', 'separator', 'Quit'] },
      {
        View: ['Actual size', 'Zoom in', 'Zoom out', 'separator', 'Full screen', 'Developer tools'],
      },
    ]);
  });

  it('wires the actions', () => {
    const called: string[] = [];
    const [app] = menuTemplate({
      t: createMainI18n('en'),
      canChangeServer: true,
      devTools: false,
      actions: {
        changeServer: () => called.push('change'),
        reload: () => called.push('reload'),
        settings: () => called.push('settings'),
      },
    });
    const items = app?.submenu as MenuItemConstructorOptions[];
    for (const item of items) (item.click as (() => void) | undefined)?.();
    expect(called).toEqual(['change', 'reload', 'settings']);
  });
});

describe('menuTemplate: logs', () => {
  it('offers "Open log folder" in the client language and wires it', () => {
    const opened: string[] = [];
    const template = menuTemplate({
      t: createMainI18n('zh-HK'),
      canChangeServer: false,
      devTools: false,
      actions: { ...noop, openLogFolder: () => opened.push('logs') },
    });
    expect(labels(template)[0]).toEqual({
      教育桌面: ['重新載入', '打開日誌資料夾', 'separator', '設定…', 'separator', '退出'],
    });
    const items = template[0]?.submenu as MenuItemConstructorOptions[];
    (items[1]?.click as () => void)();
    expect(opened).toEqual(['logs']);
  });
});

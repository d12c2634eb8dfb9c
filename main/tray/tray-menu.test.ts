import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { trayMenuTemplate, trayTooltip, type TrayActions } from './tray-menu';

const zh = createMainI18n('zh-CN');
const note = (n: number, body = '内容') => ({
  title: `消息 ${String(n)}`,
  body,
  route: `/m/${String(n)}`,
});

function recorder() {
  const calls: string[] = [];
  const actions: TrayActions = {
    open: () => calls.push('open'),
    openRoute: (route) => calls.push(`route ${route}`),
    signOut: () => calls.push('signOut'),
    quit: () => calls.push('quit'),
  };
  return { calls, actions };
}

const labels = (items: MenuItemConstructorOptions[]) =>
  items.map((item) => (item.type === 'separator' ? '—' : (item.label ?? '')));

describe('trayTooltip', () => {
  it('names the client and the unread count in its language', () => {
    expect(trayTooltip(zh, 3)).toBe('教育桌面 — 3 条未读');
    expect(trayTooltip(zh, 0)).toBe('教育桌面');
    expect(trayTooltip(createMainI18n('en'), 120)).toBe('EduDesk — 99+ unread');
    expect(trayTooltip(createMainI18n('zh-HK'), 2)).toBe('教育桌面 — 2 條未讀');
  });
});

describe('trayMenuTemplate', () => {
  it('lists open, the latest three messages, sign out and quit while signed in', () => {
    const { calls, actions } = recorder();
    const latest = [note(4), note(3, ''), note(2), note(1)];
    const menu = trayMenuTemplate(zh, { count: 4, latest, signedIn: true }, actions);
    expect(labels(menu)).toEqual([
      '打开教育桌面',
      '—',
      '最新消息',
      '消息 4: 内容',
      '消息 3',
      '消息 2: 内容',
      '—',
      '退出登录',
      '退出',
    ]);
    for (const item of menu) (item.click as (() => void) | undefined)?.();
    expect(calls).toEqual(['open', 'route /m/4', 'route /m/3', 'route /m/2', 'signOut', 'quit']);
  });

  it('offers no sign out and no messages when nobody is signed in', () => {
    const { actions } = recorder();
    const menu = trayMenuTemplate(zh, { count: 0, latest: [note(1)], signedIn: false }, actions);
    expect(labels(menu)).toEqual(['打开教育桌面', '—', '最新消息', '没有新消息', '—', '退出']);
    expect(menu[3]?.enabled).toBe(false);
  });

  it('shows a page’s text as one clipped line without access keys', () => {
    const { actions } = recorder();
    const long = { title: 'A & B', body: `line\nbreak ${'x'.repeat(100)}`, route: '/x' };
    const [, , , item] = trayMenuTemplate(
      zh,
      { count: 1, latest: [long], signedIn: true },
      actions,
    );
    expect(item?.label).toMatch(/^A && B: line break x+…$/);
    expect(item?.label?.length).toBeLessThanOrEqual(62);
  });
});

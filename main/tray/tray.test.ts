import type { MenuItemConstructorOptions } from 'electron';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createMainI18n } from '../i18n/main-i18n';
import { createTray, type TrayIcon } from './tray';
import type { TrayState } from './tray-menu';

/** Electron's Tray faked at the boundary. */
class FakeTray extends EventEmitter implements TrayIcon {
  tooltip = '';
  menu: MenuItemConstructorOptions[] = [];
  destroyed = false;
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setContextMenu(menu: never): void {
    this.menu = menu;
  }
  destroy(): void {
    this.destroyed = true;
  }
}

describe('createTray', () => {
  it('follows the unread count and the signed-in state, and opens on a click', () => {
    const icon = new FakeTray();
    const state: TrayState = { count: 0, latest: [], signedIn: false };
    const opened: string[] = [];
    const tray = createTray({
      createTray: () => icon,
      buildMenu: (template) => template,
      t: createMainI18n('en'),
      state: () => state,
      actions: {
        open: () => opened.push('open'),
        openRoute: () => undefined,
        signOut: () => undefined,
        quit: () => undefined,
      },
    });
    expect(icon.tooltip).toBe('EduDesk');
    expect(icon.menu.map((item) => item.label)).not.toContain('Sign out');
    state.count = 3;
    state.signedIn = true;
    state.latest = [{ title: 'Meeting', body: 'at 3', route: '/m/1' }];
    tray.update();
    expect(icon.tooltip).toBe('EduDesk — 3 unread');
    expect(icon.menu.map((item) => item.label)).toContain('Sign out');
    expect(icon.menu.map((item) => item.label)).toContain('Meeting: at 3');
    icon.emit('click');
    expect(opened).toEqual(['open']);
    tray.destroy();
    expect(icon.destroyed).toBe(true);
  });
});

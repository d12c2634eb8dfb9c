import type { MenuItemConstructorOptions } from 'electron';
import type { MainTranslate } from '../i18n/main-i18n';
import { trayMenuTemplate, trayTooltip, type TrayActions, type TrayState } from './tray-menu';

/** The part of Electron's Tray the client uses. */
export interface TrayIcon {
  setToolTip(text: string): void;
  setContextMenu(menu: never): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

export interface TrayDeps<Menu> {
  createTray(): TrayIcon;
  /** Menu.buildFromTemplate. */
  buildMenu(template: MenuItemConstructorOptions[]): Menu;
  t: MainTranslate;
  state(): TrayState;
  actions: TrayActions;
}

export interface TrayController {
  /** Redraws the tooltip and the menu from the state (count, latest, signed in). */
  update(): void;
  destroy(): void;
}

/** The tray icon: a click opens the main window; its menu and tooltip follow the state. */
export function createTray<Menu>(deps: TrayDeps<Menu>): TrayController {
  const icon = deps.createTray();
  icon.on('click', deps.actions.open);
  const update = () => {
    const state = deps.state();
    icon.setToolTip(trayTooltip(deps.t, state.count));
    icon.setContextMenu(deps.buildMenu(trayMenuTemplate(deps.t, state, deps.actions)) as never);
  };
  update();
  return {
    update,
    destroy() {
      icon.destroy();
    },
  };
}

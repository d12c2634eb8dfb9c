import type { MenuItemConstructorOptions } from 'electron';
import type { MainTranslate } from './i18n/main-i18n';

export interface MenuOptions {
  t: MainTranslate;
  /** False when an administrator set the server (policy or config.json). */
  canChangeServer: boolean;
  /** Developer tools only in development builds. */
  devTools: boolean;
  actions: {
    changeServer: () => void;
    reload: () => void;
    settings: () => void;
    /** Opens the folder of the client's log (main/logging/log.ts) for IT. */
    openLogFolder?: () => void;
  };
}

/**
 * The application menu, in the client's language: change server (unless locked), reload,
 * Settings (main/settings/preferences.ts), quit;
 * zoom and full screen. Edit shortcuts (copy, paste) work without an Edit menu on Windows.
 */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { t, actions } = options;
  const app: MenuItemConstructorOptions[] = [
    ...(options.canChangeServer
      ? [{ label: t('main.menu.changeServer'), click: actions.changeServer }]
      : []),
    { label: t('main.menu.reload'), accelerator: 'F5', click: actions.reload },
    ...(actions.openLogFolder
      ? [{ label: t('main.menu.openLogFolder'), click: actions.openLogFolder }]
      : []),
    { type: 'separator' },
    { label: t('main.settings.menu'), click: actions.settings },
    { type: 'separator' },
    { role: 'quit', label: t('main.menu.quit') },
  ];
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom', label: t('main.menu.resetZoom') },
    { role: 'zoomIn', label: t('main.menu.zoomIn') },
    { role: 'zoomOut', label: t('main.menu.zoomOut') },
    { type: 'separator' },
    { role: 'togglefullscreen', label: t('main.menu.fullScreen') },
    ...(options.devTools
      ? [{ role: 'toggleDevTools' as const, label: t('main.menu.devTools') }]
      : []),
  ];
  return [
    { label: t('main.menu.app'), submenu: app },
    { label: t('main.menu.view'), submenu: view },
  ];
}

import Store from 'electron-store';
import { restoreWindowState, type Bounds, type WindowState } from '../windows/window-state';

/** Plain settings (nothing secret): the user's server choice and the main window's state. */
interface SettingsFile {
  serverUrl?: string;
  windowState?: WindowState;
}

export interface Settings {
  userServerUrl(): string | undefined;
  setUserServerUrl(url: string): void;
  /** The saved window state, checked against the screens now (window-state.ts). */
  windowState(workAreas: readonly Bounds[]): WindowState;
  setWindowState(state: WindowState): void;
}

export function createSettings(folder: string): Settings {
  const store = new Store<SettingsFile>({
    name: 'settings',
    cwd: folder,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: true,
  });
  return {
    userServerUrl() {
      const value: unknown = store.get('serverUrl');
      return typeof value === 'string' ? value : undefined;
    },
    setUserServerUrl(url) {
      store.set('serverUrl', url);
    },
    windowState: (workAreas) => restoreWindowState(store.get('windowState'), workAreas),
    setWindowState(state) {
      store.set('windowState', state);
    },
  };
}

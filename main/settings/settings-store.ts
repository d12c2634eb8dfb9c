import Store from 'electron-store';
import { restoreWindowState, type Bounds, type WindowState } from '../windows/window-state';

/** Plain settings (nothing secret): the user's server choice and the main window's state. */
interface SettingsFile {
  serverUrl?: string;
  windowState?: WindowState;
  zoomFactor?: number;
  downloadFolder?: string;
}

export interface Settings {
  userServerUrl(): string | undefined;
  setUserServerUrl(url: string): void;
  /** The saved window state, checked against the screens now (window-state.ts). */
  windowState(workAreas: readonly Bounds[]): WindowState;
  setWindowState(state: WindowState): void;
  /** The main window's zoom the user chose (main/windows/zoom.ts). */
  zoomFactor(): number | undefined;
  setZoomFactor(factor: number): void;
  /** The folder of the user's last download (main/downloads). */
  downloadFolder(): string | undefined;
  setDownloadFolder(folder: string): void;
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
    zoomFactor() {
      const value: unknown = store.get('zoomFactor');
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    },
    setZoomFactor(factor) {
      store.set('zoomFactor', factor);
    },
    downloadFolder() {
      const value: unknown = store.get('downloadFolder');
      return typeof value === 'string' && value !== '' ? value : undefined;
    },
    setDownloadFolder(folder) {
      store.set('downloadFolder', folder);
    },
  };
}

import Store from 'electron-store';
import { randomInt } from 'node:crypto';
import { isStagingBucket } from '../updates/update-policy';
import { restoreWindowState, type Bounds, type WindowState } from '../windows/window-state';

/** Plain settings (nothing secret): the user's server choice and the main window's state. */
interface SettingsFile {
  serverUrl?: string;
  windowState?: WindowState;
  /** This installation's place in staged update rollouts (main/updates/update-policy.ts). */
  updateStagingBucket?: number;
}

export interface Settings {
  userServerUrl(): string | undefined;
  setUserServerUrl(url: string): void;
  /** The saved window state, checked against the screens now (window-state.ts). */
  windowState(workAreas: readonly Bounds[]): WindowState;
  setWindowState(state: WindowState): void;
  /** A whole number 0–99 drawn once and kept, as electron-updater keeps its staging id. */
  updateStagingBucket(): number;
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
    updateStagingBucket() {
      const kept: unknown = store.get('updateStagingBucket');
      if (isStagingBucket(kept)) return kept;
      const drawn = randomInt(0, 100);
      store.set('updateStagingBucket', drawn);
      return drawn;
    },
  };
}

import Store from 'electron-store';
import { randomInt } from 'node:crypto';
import { isStagingBucket } from '../updates/update-policy';
import { restoreWindowState, type Bounds, type WindowState } from '../windows/window-state';
import { sanitizePreferences, type Preferences } from './preferences';

/**
 * Plain settings (nothing secret): the user's server choice, the main window's state, the
 * user's own settings (the Settings page) and whether closing to the tray was explained.
 */
interface SettingsFile {
  serverUrl?: string;
  windowState?: WindowState;
  preferences?: Partial<Preferences>;
  closeToTrayExplained?: boolean;
  /** This installation's place in staged update rollouts (main/updates/update-policy.ts). */
  updateStagingBucket?: number;
  zoomFactor?: number;
  downloadFolder?: string;
}

export interface Settings {
  userServerUrl(): string | undefined;
  setUserServerUrl(url: string): void;
  /** The saved window state, checked against the screens now (window-state.ts). */
  windowState(workAreas: readonly Bounds[]): WindowState;
  setWindowState(state: WindowState): void;
  /** The user's own choices (preferences.ts), without the policy's. */
  preferences(): Partial<Preferences>;
  setPreferences(choices: Partial<Preferences>): void;
  closeToTrayExplained(): boolean;
  setCloseToTrayExplained(): void;
  /** A whole number 0–99 drawn once and kept, as electron-updater keeps its staging id. */
  updateStagingBucket(): number;
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
    preferences: () => sanitizePreferences(store.get('preferences')),
    setPreferences(choices) {
      store.set('preferences', {
        ...sanitizePreferences(store.get('preferences')),
        ...sanitizePreferences(choices),
      });
    },
    closeToTrayExplained: () => store.get('closeToTrayExplained') === true,
    setCloseToTrayExplained() {
      store.set('closeToTrayExplained', true);
    },
    updateStagingBucket() {
      const kept: unknown = store.get('updateStagingBucket');
      if (isStagingBucket(kept)) return kept;
      const drawn = randomInt(0, 100);
      store.set('updateStagingBucket', drawn);
      return drawn;
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

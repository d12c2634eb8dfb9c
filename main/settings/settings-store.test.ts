import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSettings } from './settings-store';

// The real electron-store outside Electron, as in main/vault/vault.test.ts.
vi.hoisted(() => {
  process.env.ELECTRON_OVERRIDE_DIST_PATH ??= '/nonexistent-electron-dist';
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'edudesk-settings-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const file = () => path.join(dir, 'settings.json');

describe('settings.json: the user’s own settings', () => {
  it('keeps the choices across a restart, merging a partial save', () => {
    const settings = createSettings(dir);
    expect(settings.preferences()).toEqual({});
    settings.setPreferences({ notifications: false, startAtLogin: 'hidden' });
    settings.setPreferences({ closeToTray: false });
    expect(createSettings(dir).preferences()).toEqual({
      notifications: false,
      closeToTray: false,
      startAtLogin: 'hidden',
    });
  });

  it('explains closing to the tray once, across restarts', () => {
    expect(createSettings(dir).closeToTrayExplained()).toBe(false);
    createSettings(dir).setCloseToTrayExplained();
    expect(createSettings(dir).closeToTrayExplained()).toBe(true);
  });

  it('ignores values a hand-edited file got wrong, and keeps the server choice', () => {
    writeFileSync(
      file(),
      JSON.stringify({
        serverUrl: 'https://school.example.edu',
        preferences: { notifications: 'no', closeToTray: true, startAtLogin: 'always' },
      }),
    );
    const settings = createSettings(dir);
    expect(settings.preferences()).toEqual({ closeToTray: true });
    settings.setPreferences({ startAtLogin: 'shown' });
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({
      serverUrl: 'https://school.example.edu',
      preferences: { closeToTray: true, startAtLogin: 'shown' },
    });
  });
});

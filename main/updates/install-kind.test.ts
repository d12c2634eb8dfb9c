import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectInstallKind, NSIS_UNINSTALLER } from './install-kind';

const exePath = path.join(
  'C:',
  'Users',
  'li',
  'AppData',
  'Local',
  'Programs',
  'EduDesk',
  'EduDesk.exe',
);

function facts(overrides: { packaged?: boolean; env?: NodeJS.ProcessEnv; files?: string[] } = {}) {
  const files = new Set(overrides.files ?? []);
  return {
    packaged: overrides.packaged ?? true,
    env: overrides.env ?? {},
    exePath,
    fileExists: (file: string) => files.has(file),
  };
}

describe('detectInstallKind', () => {
  it('is dev when the app is not packaged', () => {
    expect(detectInstallKind(facts({ packaged: false }))).toBe('dev');
  });

  it('is portable when the portable launcher set PORTABLE_EXECUTABLE_DIR', () => {
    expect(detectInstallKind(facts({ env: { PORTABLE_EXECUTABLE_DIR: 'E:\\usb' } }))).toBe(
      'portable',
    );
  });

  it('is nsis when the NSIS uninstaller sits beside the executable', () => {
    const uninstaller = path.join(path.dirname(exePath), NSIS_UNINSTALLER);
    expect(detectInstallKind(facts({ files: [uninstaller] }))).toBe('nsis');
  });

  it('is msi otherwise, the kind that never installs anything itself', () => {
    expect(detectInstallKind(facts())).toBe('msi');
    expect(detectInstallKind(facts({ env: { PORTABLE_EXECUTABLE_DIR: '' } }))).toBe('msi');
  });
});

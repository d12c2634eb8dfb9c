import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledResourcesDir, portableUserDataDir } from './app-paths';

describe('app paths', () => {
  it('keeps the portable build’s data beside its executable', () => {
    expect(portableUserDataDir({ PORTABLE_EXECUTABLE_DIR: '/media/usb/EduDesk' })).toBe(
      path.join('/media/usb/EduDesk', 'EduDesk Data'),
    );
  });

  it('uses the default user-data folder for installed builds', () => {
    expect(portableUserDataDir({})).toBeNull();
    expect(portableUserDataDir({ PORTABLE_EXECUTABLE_DIR: '' })).toBeNull();
  });

  it('finds the bundled pages inside the app', () => {
    expect(bundledResourcesDir('/opt/EduDesk/resources/app.asar')).toBe(
      path.join('/opt/EduDesk/resources/app.asar', 'resources'),
    );
  });
});

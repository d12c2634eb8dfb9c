import { describe, expect, it } from 'vitest';
import { platformOriginFromArgv } from '../../contract/host-bridge';
import { APPS_PARTITION, secureWebPreferences } from './web-preferences';

const HARDENED = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  disableBlinkFeatures: 'Auxclick',
};

describe('secureWebPreferences', () => {
  it('hardens a window without the bridge, and gives it no preload', () => {
    const preferences = secureWebPreferences();
    expect(preferences).toMatchObject(HARDENED);
    expect(preferences.preload).toBeUndefined();
    expect(preferences.additionalArguments).toBeUndefined();
    expect(preferences.enableBlinkFeatures).toBeUndefined();
  });

  it('gives the platform window the preload and the origin it may serve, hardened the same', () => {
    const preferences = secureWebPreferences({
      bridge: { preload: '/app/dist-electron/preload.cjs', platformOrigin: 'https://a.edu' },
    });
    expect(preferences).toMatchObject(HARDENED);
    expect(preferences.preload).toBe('/app/dist-electron/preload.cjs');
    expect(platformOriginFromArgv(preferences.additionalArguments ?? [])).toBe('https://a.edu');
  });

  it('puts third-party windows in their own session', () => {
    expect(secureWebPreferences({ partition: APPS_PARTITION })).toMatchObject({
      ...HARDENED,
      partition: 'persist:edudesk-apps',
    });
  });
});

import type { WebPreferences } from 'electron';
import { PLATFORM_ORIGIN_SWITCH } from '../../contract/ipc';

/** The session of third-party application windows, apart from the platform's cookies. */
export const APPS_PARTITION = 'persist:edudesk-apps';

export interface WebPreferencesOptions {
  /** The preload bridge and the origin it may serve; omitted for windows without the bridge. */
  bridge?: { preload: string; platformOrigin: string } | undefined;
  /** A separate session (third-party windows). */
  partition?: string | undefined;
}

/**
 * The one set of webPreferences every window gets (docs/security.md): sandboxed renderers with
 * context isolation and no Node, web security on, no <webview>, no insecure content, no
 * experimental features, auxclick off, dialogs that a page cannot spam, spell check on (English,
 * main/windows/spelling.ts). Only the bridge (for the platform origin) and the session differ
 * between windows.
 */
export function secureWebPreferences(options: WebPreferencesOptions = {}): WebPreferences {
  const preferences: WebPreferences = {
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
    spellcheck: true,
  };
  if (options.bridge) {
    preferences.preload = options.bridge.preload;
    preferences.additionalArguments = [`${PLATFORM_ORIGIN_SWITCH}${options.bridge.platformOrigin}`];
  }
  if (options.partition !== undefined) preferences.partition = options.partition;
  return preferences;
}

import { BrowserWindow, dialog, shell, systemPreferences } from 'electron';
import type { MainTranslate } from '../i18n/main-i18n';
import { CAMERA_PRIVACY_SETTINGS, shouldExplainBlockedCamera } from './camera-blocked';

/**
 * What the client says, once, when a page was allowed the camera but Windows' privacy settings
 * block it (camera-blocked.ts decides; this shows the dialog with a way to those settings).
 */
export function createCameraExplainer(t: MainTranslate): () => void {
  let explained = false;
  return () => {
    if (process.platform !== 'win32') return;
    const status = systemPreferences.getMediaAccessStatus('camera');
    if (!shouldExplainBlockedCamera(process.platform, status, explained)) return;
    explained = true;
    const window = BrowserWindow.getFocusedWindow();
    const options = {
      type: 'warning' as const,
      title: t('main.camera.blockedTitle'),
      message: t('main.camera.blockedMessage'),
      buttons: [t('main.camera.openSettings'), t('main.camera.close')],
      defaultId: 0,
      cancelId: 1,
    };
    void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options)).then(
      ({ response }) => {
        // Reviewed: a fixed Windows settings URI (camera-blocked.ts), never a URL from a page.
        if (response === 0)
          void shell.openExternal(CAMERA_PRIVACY_SETTINGS); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
      },
    );
  };
}

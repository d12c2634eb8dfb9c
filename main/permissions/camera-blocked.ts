/**
 * Windows can block every app's camera in Settings › Privacy › Camera; then getUserMedia fails
 * although the client allowed it, and the face widget only says there is no camera. When the
 * client allows video for the platform and the OS says "denied", the user gets a message with a
 * button to the right settings page, once per run.
 */

/** Windows' camera privacy page. A fixed constant, never a URL a page supplied. */
export const CAMERA_PRIVACY_SETTINGS = 'ms-settings:privacy-webcam';

/** systemPreferences.getMediaAccessStatus('camera') answers (Windows and macOS). */
export type MediaAccessStatus = 'not-determined' | 'granted' | 'denied' | 'restricted' | 'unknown';

export function shouldExplainBlockedCamera(
  platform: NodeJS.Platform,
  status: MediaAccessStatus,
  alreadyExplained: boolean,
): boolean {
  return platform === 'win32' && status === 'denied' && !alreadyExplained;
}

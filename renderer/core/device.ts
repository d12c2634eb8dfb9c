import type { Device } from '../../contract/http-headers';

/** The marker the platform's native mobile app adds to its web view's user agent. */
export const NATIVE_APP_UA_MARKER = /EduDeskApp/i;
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile/i;

function currentUserAgent(): string {
  // Node (tests, server-side tools) before v21 has no navigator.
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/**
 * The device header value (spec §7): 'app' inside the native app, 'h5' in a mobile browser,
 * 'pc' otherwise. The Electron client's user agent is a desktop one, so it is 'pc'.
 */
export function detectDevice(userAgent: string = currentUserAgent()): Device {
  if (NATIVE_APP_UA_MARKER.test(userAgent)) return 'app';
  if (MOBILE_UA.test(userAgent)) return 'h5';
  return 'pc';
}

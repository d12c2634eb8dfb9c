import type { Session } from 'electron';
import { allowPermissionCheck, allowPermissionRequest } from './permission-policy';

/**
 * Applies permission-policy.ts to a session (the platform's and the application windows'): the
 * request and check handlers, and no device (HID, serial, USB) for anyone. `onCameraAllowed`
 * runs when the platform was given the camera, to explain a camera Windows blocks.
 */
export function applyPermissionPolicy(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
  options: { platformOrigin(): string | null; onCameraAllowed?(): void },
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? details.mediaTypes : undefined;
    const allowed = allowPermissionRequest(
      { permission, requestingUrl: details.requestingUrl, mediaTypes },
      options.platformOrigin(),
    );
    callback(allowed);
    if (allowed && permission === 'media') options.onCameraAllowed?.();
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowPermissionCheck(
      { permission, requestingOrigin, mediaType: details.mediaType },
      options.platformOrigin(),
    ),
  );
  session.setDevicePermissionHandler(() => false);
}

import type { Session } from 'electron';
import { describe, expect, it } from 'vitest';
import { applyPermissionPolicy } from './session-permissions';

type RequestHandler = Parameters<Session['setPermissionRequestHandler']>[0];
type CheckHandler = Parameters<Session['setPermissionCheckHandler']>[0];
type DeviceHandler = Parameters<Session['setDevicePermissionHandler']>[0];

const PLATFORM = 'https://school.example.edu';

function wired() {
  const handlers: { request?: RequestHandler; check?: CheckHandler; device?: DeviceHandler } = {};
  let cameraAllowed = 0;
  applyPermissionPolicy(
    {
      setPermissionRequestHandler: (handler) => {
        handlers.request = handler;
      },
      setPermissionCheckHandler: (handler) => {
        handlers.check = handler;
      },
      setDevicePermissionHandler: (handler) => {
        handlers.device = handler;
      },
    },
    {
      platformOrigin: () => PLATFORM,
      onCameraAllowed: () => {
        cameraAllowed += 1;
      },
    },
  );
  const request = (permission: string, requestingUrl: string, mediaTypes?: string[]) =>
    new Promise<boolean>((resolve) => {
      const details = { requestingUrl, isMainFrame: true, ...(mediaTypes ? { mediaTypes } : {}) };
      handlers.request?.(null as never, permission as never, resolve, details);
    });
  const check = (permission: string, origin: string, mediaType?: string) =>
    handlers.check?.(null, permission as never, origin, {
      requestingUrl: origin,
      isMainFrame: true,
      ...(mediaType ? { mediaType } : {}),
    } as never);
  return { handlers, request, check, cameraAllowed: () => cameraAllowed };
}

describe('applyPermissionPolicy', () => {
  it('answers requests by the policy and reports a camera granted to the platform', async () => {
    const subject = wired();
    expect(await subject.request('media', `${PLATFORM}/face`, ['video'])).toBe(true);
    expect(await subject.request('media', `${PLATFORM}/face`, ['audio'])).toBe(false);
    expect(await subject.request('media', 'https://evil.example.com/', ['video'])).toBe(false);
    expect(await subject.request('notifications', `${PLATFORM}/`)).toBe(false);
    expect(await subject.request('fullscreen', `${PLATFORM}/`)).toBe(true);
    expect(subject.cameraAllowed()).toBe(1);
  });

  it('answers checks by the policy, and denies every device', () => {
    const subject = wired();
    expect(subject.check('media', PLATFORM, 'video')).toBe(true);
    expect(subject.check('media', PLATFORM, 'audio')).toBe(false);
    expect(subject.check('geolocation', PLATFORM)).toBe(false);
    expect(subject.handlers.device?.({} as never)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { shouldExplainBlockedCamera } from './camera-blocked';
import { allowPermissionCheck, allowPermissionRequest } from './permission-policy';

const PLATFORM = 'https://school.example.edu';
const PAGE = `${PLATFORM}/pages/base/pc_desktop_all/index.html#/face`;

describe('permission requests', () => {
  it('allows the camera (video only) to the platform origin', () => {
    expect(
      allowPermissionRequest(
        { permission: 'media', requestingUrl: PAGE, mediaTypes: ['video'] },
        PLATFORM,
      ),
    ).toBe(true);
  });

  it.each([
    ['audio', ['audio']],
    ['video and audio', ['video', 'audio']],
    ['nothing named', []],
    ['no media types', undefined],
  ])('denies media asking for %s', (_name, mediaTypes) => {
    expect(
      allowPermissionRequest({ permission: 'media', requestingUrl: PAGE, mediaTypes }, PLATFORM),
    ).toBe(false);
  });

  it.each([
    'https://evil.example.com/face',
    'http://school.example.edu/face',
    'https://school.example.edu:8443/face',
    'https://sub.school.example.edu/face',
    'app://edudesk/first-run.html',
    'file:///C:/x.html',
    'data:text/html,x',
    'not a url',
  ])('denies the camera to %s', (requestingUrl) => {
    expect(
      allowPermissionRequest(
        { permission: 'media', requestingUrl, mediaTypes: ['video'] },
        PLATFORM,
      ),
    ).toBe(false);
  });

  it('denies everything when no platform is configured yet', () => {
    expect(
      allowPermissionRequest(
        { permission: 'media', requestingUrl: PAGE, mediaTypes: ['video'] },
        null,
      ),
    ).toBe(false);
  });

  it('allows fullscreen to the platform only (the header toggle)', () => {
    expect(
      allowPermissionRequest({ permission: 'fullscreen', requestingUrl: PAGE }, PLATFORM),
    ).toBe(true);
    expect(
      allowPermissionRequest(
        { permission: 'fullscreen', requestingUrl: 'https://app.example.com/' },
        PLATFORM,
      ),
    ).toBe(false);
  });

  it.each([
    'notifications',
    'geolocation',
    'clipboard-read',
    'clipboard-sanitized-write',
    'display-capture',
    'midi',
    'midiSysex',
    'pointerLock',
    'keyboardLock',
    'openInBrowser',
    'idle-detection',
    'window-management',
    'storage-access',
    'fileSystem',
    'unknown',
  ])('denies %s even to the platform', (permission) => {
    expect(allowPermissionRequest({ permission, requestingUrl: PAGE }, PLATFORM)).toBe(false);
  });
});

describe('permission checks', () => {
  it('answers yes for video from the platform, no for anything else', () => {
    const check = (permission: string, requestingOrigin: string, mediaType?: string) =>
      allowPermissionCheck({ permission, requestingOrigin, mediaType }, PLATFORM);
    expect(check('media', PLATFORM, 'video')).toBe(true);
    expect(check('media', `${PLATFORM}/`, 'video')).toBe(true);
    expect(check('fullscreen', PLATFORM)).toBe(true);
    expect(check('media', PLATFORM, 'audio')).toBe(false);
    expect(check('media', PLATFORM, 'unknown')).toBe(false);
    expect(check('media', PLATFORM)).toBe(false);
    expect(check('media', 'https://evil.example.com', 'video')).toBe(false);
    expect(check('notifications', PLATFORM)).toBe(false);
    expect(check('media', '', 'video')).toBe(false);
    expect(allowPermissionCheck({ permission: 'media', requestingOrigin: PLATFORM }, null)).toBe(
      false,
    );
  });
});

describe('blocked camera message', () => {
  it('explains once, on Windows, when the OS denies the camera', () => {
    expect(shouldExplainBlockedCamera('win32', 'denied', false)).toBe(true);
    expect(shouldExplainBlockedCamera('win32', 'denied', true)).toBe(false);
    expect(shouldExplainBlockedCamera('win32', 'granted', false)).toBe(false);
    expect(shouldExplainBlockedCamera('win32', 'not-determined', false)).toBe(false);
    expect(shouldExplainBlockedCamera('linux', 'denied', false)).toBe(false);
    expect(shouldExplainBlockedCamera('darwin', 'denied', false)).toBe(false);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { detectDevice } from './device';

describe('detectDevice (spec §7 device header)', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148 EduDeskApp/2.1', 'app'],
    ['Mozilla/5.0 (Linux; Android 14) EDUDESKAPP', 'app'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36', 'h5'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'h5'],
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)', 'h5'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36', 'pc'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) EduDesk/0.1.0 Chrome/140 Electron/45.0.0', 'pc'],
    ['', 'pc'],
  ])('%s → %s', (userAgent, device) => {
    expect(detectDevice(userAgent)).toBe(device);
  });

  it('works without a navigator', () => {
    expect(['app', 'h5', 'pc']).toContain(detectDevice());
  });
});

import { describe, expect, it } from 'vitest';
import { compareVersions, versionAlert, versionKey } from './version-compare';

describe('version compare', () => {
  it('pads each segment to 4 digits', () => {
    expect(versionKey('1.2.30')).toBe('0001.0002.0030');
    expect(versionKey('v2.5.6')).toBe('0002.0005.0006');
  });

  it('compares numerically, segment by segment', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.0', '1.2.1')).toBe(-1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
  });

  it('raises the alert of the side that is too old', () => {
    expect(
      versionAlert({
        frontEndVersion: '1.0.0',
        serverVersion: '1.0.0',
        requiredServerVersion: '1.1.0',
      }),
    ).toBe('server-too-old');
    expect(
      versionAlert({
        frontEndVersion: '1.0.0',
        serverVersion: '2.0.0',
        requiredFrontEndVersion: '1.0.1',
      }),
    ).toBe('front-end-too-old');
    expect(
      versionAlert({
        frontEndVersion: '1.0.0',
        serverVersion: '2.0.0',
        requiredServerVersion: '2.0.0',
        requiredFrontEndVersion: '1.0.0',
      }),
    ).toBe('none');
  });
});

/**
 * Version check (spec §4): version numbers are compared segment by segment, each padded to 4
 * digits, so "1.10.0" is newer than "1.9.9". Pure.
 */
export function versionKey(version: string): string {
  return version
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((segment) => (/^\d+$/.test(segment) ? segment.padStart(4, '0') : segment))
    .join('.');
}

/** -1, 0 or 1 as a is older, equal or newer than b. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = versionKey(a).split('.');
  const right = versionKey(b).split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const x = left[i] ?? '0000';
    const y = right[i] ?? '0000';
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export type VersionAlert = 'none' | 'server-too-old' | 'front-end-too-old';

/**
 * The front end names the server version it needs and the server the front-end version it
 * needs; a mismatch either way raises the matching alert (spec §8).
 */
export function versionAlert(input: {
  frontEndVersion: string;
  serverVersion: string;
  requiredServerVersion?: string;
  requiredFrontEndVersion?: string;
}): VersionAlert {
  if (
    input.requiredServerVersion &&
    compareVersions(input.serverVersion, input.requiredServerVersion) < 0
  ) {
    return 'server-too-old';
  }
  if (
    input.requiredFrontEndVersion &&
    compareVersions(input.frontEndVersion, input.requiredFrontEndVersion) < 0
  ) {
    return 'front-end-too-old';
  }
  return 'none';
}

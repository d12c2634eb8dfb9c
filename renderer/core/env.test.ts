// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIGURED_ROOT, PH_VERSION, isDev } from './env';

describe('env', () => {
  it('takes the shared layer version from the build, and pages as the root', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(PH_VERSION).toBe(pkg.version);
    expect(CONFIGURED_ROOT).toBe('pages');
    expect(typeof isDev).toBe('boolean');
  });
});

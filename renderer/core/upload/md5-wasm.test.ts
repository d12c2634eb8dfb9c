import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildModule } from '../../../scripts/gen-md5-wasm.mjs';
import { createFastMd5 } from './md5-wasm';

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

describe('the WebAssembly MD5', () => {
  it.each([0, 1, 55, 56, 57, 63, 64, 65, 127, 128, 1000, 2 * 1024 * 1024, 2 * 1024 * 1024 + 1])(
    'equals the reference MD5 for %i bytes',
    async (length) => {
      const data = randomBytes(length);
      const hasher = await createFastMd5();
      hasher.update(data);
      expect(hasher.digest()).toBe(md5(data));
    },
  );

  it('gives the same digest whatever the updates are cut into, and can be used again', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    const hasher = await createFastMd5();
    for (let offset = 0, step = 1; offset < data.length; step = (step * 7 + 3) % 300_001) {
      hasher.update(data.subarray(offset, offset + step));
      offset += step;
    }
    expect(hasher.digest()).toBe(md5(data));
    hasher.init();
    hasher.update(new TextEncoder().encode('abc'));
    expect(hasher.digest()).toBe('900150983cd24fb0d6963f7d28e17f72');
  });

  it('is the module the generator makes (the inlined bytes are not edited by hand)', () => {
    const source = readFileSync(new URL('./md5-wasm.ts', import.meta.url), 'utf8');
    const inlined = [...source.matchAll(/^\s*'([A-Za-z0-9+/=]+)'/gm)].map((m) => m[1]).join('');
    const generated = Buffer.from(buildModule()).toString('base64');
    expect(inlined).toBe(generated);
  });
});

import { describe, expect, it } from 'vitest';
import { LARGE_FILE_CHUNK_PROFILE, UPLOAD_CHUNK_SIZE } from '../../../contract/upload';
import { chooseChunkSize, planUpload } from './chunk-plan';

const MB2 = UPLOAD_CHUNK_SIZE;

describe('planUpload (spec §4, §9)', () => {
  it('sends 0 B, 1 B and exactly 2 MB in a single request', () => {
    for (const size of [0, 1, MB2]) {
      expect(planUpload(size, MB2), String(size)).toEqual({
        mode: 'single',
        chunkSize: MB2,
        chunks: [],
      });
    }
  });

  it('cuts 2 MB + 1 B into a full chunk and a 1-byte chunk, 1-based', () => {
    expect(planUpload(MB2 + 1, MB2)).toEqual({
      mode: 'chunked',
      chunkSize: MB2,
      chunks: [
        { index: 1, start: 0, end: MB2, size: MB2 },
        { index: 2, start: MB2, end: MB2 + 1, size: 1 },
      ],
    });
  });

  it('covers every byte exactly once, for a configurable chunk size', () => {
    const size = 50 * 1024 * 1024 + 7;
    for (const chunkSize of [MB2, 1024 * 1024, 5 * 1024 * 1024 + 3]) {
      const plan = planUpload(size, chunkSize);
      expect(plan.chunks).toHaveLength(Math.ceil(size / chunkSize));
      let next = 0;
      for (const chunk of plan.chunks) {
        expect(chunk.start).toBe(next);
        expect(chunk.size).toBe(chunk.end - chunk.start);
        expect(chunk.size).toBeLessThanOrEqual(chunkSize);
        expect(chunk.size).toBeGreaterThan(0);
        next = chunk.end;
      }
      expect(next).toBe(size);
    }
  });

  it('refuses nonsense sizes', () => {
    expect(() => planUpload(10, 0)).toThrow(RangeError);
    expect(() => planUpload(-1, MB2)).toThrow(RangeError);
    expect(() => planUpload(1.5, MB2)).toThrow(RangeError);
  });
});

describe('chooseChunkSize (the large-file chunk profile)', () => {
  const MIB = 1024 * 1024;

  it('keeps 2 MB for every size by default', () => {
    for (const size of [0, MB2, 64 * MIB, 10 * 1024 * MIB]) {
      expect(chooseChunkSize(size), String(size)).toBe(MB2);
      expect(chooseChunkSize(size, 'default'), String(size)).toBe(MB2);
    }
    expect(chooseChunkSize(10 * 1024 * MIB, 'default', 5 * MIB)).toBe(5 * MIB);
  });

  it('keeps 2 MB under the first step of the large-file profile, then its steps', () => {
    const [first] = LARGE_FILE_CHUNK_PROFILE;
    const last = LARGE_FILE_CHUNK_PROFILE.at(-1);
    if (!first || !last) throw new Error('the profile has steps');
    expect(chooseChunkSize(first.fromSize - 1, 'large-file')).toBe(MB2);
    for (const [index, step] of LARGE_FILE_CHUNK_PROFILE.entries()) {
      expect(chooseChunkSize(step.fromSize, 'large-file')).toBe(step.chunkSize);
      const before = LARGE_FILE_CHUNK_PROFILE[index - 1];
      if (before) expect(chooseChunkSize(step.fromSize - 1, 'large-file')).toBe(before.chunkSize);
    }
    expect(chooseChunkSize(1024 * 1024 * MIB, 'large-file')).toBe(last.chunkSize);
  });

  it('cuts a 1 GiB file in fewer, larger chunks, each within the server limit', () => {
    const size = 1024 * MIB;
    const chosen = chooseChunkSize(size, 'large-file');
    expect(chosen).toBeGreaterThan(MB2);
    // The reference server's default request limit (docs/upload.md).
    expect(chosen).toBeLessThanOrEqual(100 * MIB);
    expect(planUpload(size, chosen).chunks.length).toBeLessThan(size / MB2 / 4);
  });

  it("takes an application's own steps, whatever their order, never below the chunk size", () => {
    const steps = [
      { fromSize: 100 * MIB, chunkSize: 32 * MIB },
      { fromSize: 10 * MIB, chunkSize: 4 * MIB },
    ];
    expect(chooseChunkSize(9 * MIB, steps)).toBe(MB2);
    expect(chooseChunkSize(10 * MIB, steps)).toBe(4 * MIB);
    expect(chooseChunkSize(100 * MIB, steps)).toBe(32 * MIB);
    expect(chooseChunkSize(100 * MIB, steps, 64 * MIB)).toBe(64 * MIB);
  });

  it('refuses nonsense steps', () => {
    expect(() => chooseChunkSize(1, [{ fromSize: 0, chunkSize: 0 }])).toThrow(RangeError);
    expect(() => chooseChunkSize(1, [{ fromSize: -1, chunkSize: 1 }])).toThrow(RangeError);
    expect(() => chooseChunkSize(1, 'large-file', 0)).toThrow(RangeError);
  });
});

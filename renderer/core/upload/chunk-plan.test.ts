import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_SIZE } from '../../../contract/upload';
import { planUpload } from './chunk-plan';

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

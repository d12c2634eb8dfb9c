import { describe, expect, it } from 'vitest';
import { deepMerge, isJsonObject } from './deep-merge';

describe('deepMerge', () => {
  it('merges nested objects key by key and lets later values win', () => {
    const merged = deepMerge({ a: { b: 1, c: 2 }, d: [1] }, { a: { c: 3, e: 4 }, d: [2] });
    expect(merged).toEqual({ a: { b: 1, c: 3, e: 4 }, d: [2] });
  });

  it('replaces an object with a non-object', () => {
    expect(deepMerge({ a: { b: 1 } }, { a: 'x' })).toEqual({ a: 'x' });
  });

  it('knows what a JSON object is', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject([])).toBe(false);
    expect(isJsonObject(null)).toBe(false);
  });
});

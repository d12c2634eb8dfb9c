import { describe, expect, it } from 'vitest';
import { importanceColor, importanceLabelKey, importanceLevel } from './importance';

describe('message importance (spec §3)', () => {
  it('colours 1 dark grey, 2 black, 3 brown, 4 orange, 5 red', () => {
    expect([1, 2, 3, 4, 5].map(importanceColor)).toEqual([
      '#595959',
      '#000000',
      '#8b4513',
      '#fa8c16',
      '#f5222d',
    ]);
  });

  it('gives every level its own text label, so colour is never the only signal', () => {
    const keys = [1, 2, 3, 4, 5].map(importanceLabelKey);
    expect(new Set(keys).size).toBe(5);
    expect(keys[4]).toBe('messages.importance.level5');
  });

  it('treats values outside 1 to 5 as the lowest level', () => {
    expect(importanceLevel(0)).toBe(1);
    expect(importanceLevel(9)).toBe(1);
    expect(importanceLevel(2.5)).toBe(1);
    expect(importanceColor(Number.NaN)).toBe('#595959');
  });
});

import { describe, expect, it } from 'vitest';
import { badgeText, screenClass } from './format';

describe('badgeText', () => {
  it('caps at 99+ and hides zero', () => {
    expect([0, -1, Number.NaN, 1, 99, 100, 120].map(badgeText)).toEqual([
      '',
      '',
      '',
      '1',
      '99',
      '99+',
      '99+',
    ]);
  });
});

describe('screenClass', () => {
  it('uses the breakpoints 1024 and 400', () => {
    expect([1920, 1025, 1024, 401, 400, 320].map(screenClass)).toEqual([
      'pc',
      'pc',
      'ipad',
      'ipad',
      'mobile',
      'mobile',
    ]);
  });
});

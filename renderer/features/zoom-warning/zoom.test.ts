import { describe, expect, it } from 'vitest';
import { isZoomOutOfRange, zoomPercent } from './zoom';

describe('zoom warning rule', () => {
  it('warns below 80 % and above 120 % only', () => {
    expect(
      [0.5, 0.79, 0.8, 1, 1.2, 1.21, 1.5].map((ratio) => isZoomOutOfRange(zoomPercent(ratio))),
    ).toEqual([true, true, false, false, false, true, true]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  bodyMaxHeight,
  clampOffset,
  DIALOG_BASE_Z_INDEX,
  DIALOG_BODY_MARGIN_PX,
  DIALOG_CLOSE_DELAY_MS,
  DIALOG_RESIZE_THROTTLE_MS,
  DIALOG_TOP,
  DIALOG_WIDTH,
  keyMove,
  zIndexAt,
} from './position';

describe('generic dialog constants (spec §9)', () => {
  it('is 60 % wide, 15 % from the top, z-index from 1500, 200 ms close, 50 ms resize', () => {
    expect([DIALOG_WIDTH, DIALOG_TOP, DIALOG_BODY_MARGIN_PX]).toEqual(['60%', '15%', 180]);
    expect([DIALOG_BASE_Z_INDEX, DIALOG_CLOSE_DELAY_MS, DIALOG_RESIZE_THROTTLE_MS]).toEqual([
      1500, 200, 50,
    ]);
    expect([zIndexAt(0), zIndexAt(1), zIndexAt(-1)]).toEqual([1500, 1501, 1500]);
    expect(bodyMaxHeight(900)).toBe(720);
    expect(bodyMaxHeight(200)).toBe(100);
  });
});

describe('clampOffset: the dialog stays in the window', () => {
  const viewport = { width: 1000, height: 800 };
  const box = { left: 200, top: 120, width: 600, height: 400 };

  it('keeps a move inside the window unchanged', () => {
    expect(clampOffset({ x: 50, y: -20 }, box, viewport)).toEqual({ x: 50, y: -20 });
  });

  it('stops at every edge', () => {
    expect(clampOffset({ x: -500, y: -500 }, box, viewport)).toEqual({ x: -200, y: -120 });
    expect(clampOffset({ x: 500, y: 900 }, box, viewport)).toEqual({ x: 200, y: 280 });
  });

  it('keeps the top-left corner (the header) in a window smaller than the dialog', () => {
    expect(clampOffset({ x: 300, y: 300 }, box, { width: 400, height: 300 })).toEqual({
      x: -200,
      y: -120,
    });
  });
});

describe('keyMove', () => {
  it('moves 10 px per arrow key, 50 px with Shift; other keys do nothing', () => {
    expect(keyMove('ArrowLeft', false)).toEqual({ x: -10, y: 0 });
    expect(keyMove('ArrowDown', true)).toEqual({ x: 0, y: 50 });
    expect(keyMove('Enter', false)).toBeNull();
  });
});

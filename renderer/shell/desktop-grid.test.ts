import { describe, expect, it } from 'vitest';
import {
  categorySpan,
  DESKTOP_GRID_GAP_PX,
  DESKTOP_MAX_COLUMNS,
  DESKTOP_MIN_COLUMNS,
  desktopGrid,
  desktopIconSize,
} from './desktop-grid';

const rowWidth = (grid: ReturnType<typeof desktopGrid>) =>
  grid.columns * grid.cellWidth + (grid.columns - 1) * DESKTOP_GRID_GAP_PX;

describe('the desktop grid', () => {
  it('fills a 1280 or 1440 px page less its margins', () => {
    expect(desktopGrid(1280).contentWidth).toBe(1232);
    expect(desktopGrid(1440).contentWidth).toBe(1392);
  });

  it('keeps a centred share of wider screens, growing with them', () => {
    const widths = [1920, 2560].map((width) => desktopGrid(width).contentWidth);
    expect(widths[0]).toBe(Math.round(1920 * 0.86));
    expect(widths[1]).toBe(Math.round(2560 * 0.86));
  });

  it('grows the icons on large screens', () => {
    expect(desktopIconSize(1280)).toBe(48);
    expect(desktopIconSize(1920)).toBe(56);
    expect(desktopIconSize(2560)).toBe(64);
  });

  it('puts as many columns in a row as fit, and the row fits the content', () => {
    for (const width of [1024, 1280, 1440, 1536, 1920, 2048, 2560]) {
      const grid = desktopGrid(width);
      expect(rowWidth(grid)).toBeLessThanOrEqual(grid.contentWidth);
      // One more column would not fit (unless the row is already at its maximum).
      if (grid.columns < DESKTOP_MAX_COLUMNS) {
        expect(rowWidth({ ...grid, columns: grid.columns + 1 })).toBeGreaterThan(grid.contentWidth);
      }
    }
    expect(desktopGrid(1280).columns).toBe(10);
    expect(desktopGrid(1920).columns).toBe(13);
    expect(desktopGrid(2560).columns).toBe(14);
  });

  it('at 125 % zoom behaves as the narrower page it is in CSS pixels', () => {
    expect(desktopGrid(1280 / 1.25)).toEqual(desktopGrid(1024));
    expect(desktopGrid(1024).columns).toBe(8);
  });

  it('in the left layout takes the menu off first', () => {
    expect(desktopGrid(1280, 60).contentWidth).toBe(1280 - 60 - 48);
    expect(desktopGrid(1280, 200).columns).toBeLessThan(desktopGrid(1280).columns);
  });

  it('keeps at least four columns on narrow pages and copes with nonsense', () => {
    expect(desktopGrid(320).columns).toBe(DESKTOP_MIN_COLUMNS);
    expect(desktopGrid(Number.NaN).contentWidth).toBe(0);
    expect(desktopGrid(-5).columns).toBe(DESKTOP_MIN_COLUMNS);
  });

  it('sets short categories side by side: three at 1280 and 1440, four at 1920, five at 2560', () => {
    expect(desktopGrid(1024).tracks).toBe(2);
    expect(desktopGrid(1280).tracks).toBe(3);
    expect(desktopGrid(1440).tracks).toBe(3);
    expect(desktopGrid(1920).tracks).toBe(4);
    expect(desktopGrid(2560).tracks).toBe(5);
    expect(desktopGrid(390).tracks).toBe(1);
  });

  it('gives a category as many places as its icons fill, never more than there are', () => {
    expect(categorySpan(2, 3)).toBe(1);
    expect(categorySpan(3, 3)).toBe(1);
    expect(categorySpan(4, 3)).toBe(2);
    expect(categorySpan(7, 3)).toBe(3);
    expect(categorySpan(30, 3)).toBe(3);
    expect(categorySpan(0, 2)).toBe(1);
    expect(categorySpan(9, 1)).toBe(1);
  });
});

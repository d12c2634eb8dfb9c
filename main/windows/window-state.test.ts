import { describe, expect, it } from 'vitest';
import { captureWindowState, DEFAULT_SIZE, restoreWindowState, type Bounds } from './window-state';

const LAPTOP: Bounds = { x: 0, y: 0, width: 1920, height: 1040 };
const RIGHT_MONITOR: Bounds = { x: 1920, y: 0, width: 2560, height: 1400 };
const NORMAL = { maximized: false, fullScreen: false };

describe('restoreWindowState', () => {
  it('keeps a saved place, size and mode that are on a screen', () => {
    expect(
      restoreWindowState(
        { x: 100, y: 80, width: 1400, height: 900, maximized: true, fullScreen: false },
        [LAPTOP],
      ),
    ).toEqual({ x: 100, y: 80, width: 1400, height: 900, maximized: true, fullScreen: false });
  });

  it('keeps the place on a second monitor, and centres the window once that monitor is gone', () => {
    const saved = { x: 2200, y: 100, width: 1600, height: 1000 };
    expect(restoreWindowState(saved, [LAPTOP, RIGHT_MONITOR])).toEqual({ ...saved, ...NORMAL });
    expect(restoreWindowState(saved, [LAPTOP])).toEqual({ width: 1600, height: 1000, ...NORMAL });
  });

  it('centres a window whose title bar is above the screen or barely on it', () => {
    expect(restoreWindowState({ x: 100, y: -500, width: 1000, height: 700 }, [LAPTOP])).toEqual({
      width: 1000,
      height: 700,
      ...NORMAL,
    });
    expect(restoreWindowState({ x: 1850, y: 10, width: 1000, height: 700 }, [LAPTOP])).toEqual({
      width: 1000,
      height: 700,
      ...NORMAL,
    });
  });

  it('fits the size between the minimum and the largest screen', () => {
    expect(restoreWindowState({ x: 0, y: 0, width: 5000, height: 300 }, [LAPTOP])).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 600,
      ...NORMAL,
    });
  });

  it.each([
    undefined,
    null,
    'x',
    42,
    { width: 'wide', height: 800 },
    { width: Number.NaN, height: 800 },
    { width: Number.POSITIVE_INFINITY, height: 800 },
  ])('opens at the default size for a saved %j', (saved) => {
    expect(restoreWindowState(saved, [LAPTOP])).toEqual({ ...DEFAULT_SIZE, ...NORMAL });
  });

  it('centres a window saved with a broken place', () => {
    expect(restoreWindowState({ x: 'a', y: 1, width: 1000, height: 700 }, [LAPTOP])).toEqual({
      width: 1000,
      height: 700,
      ...NORMAL,
    });
  });
});

describe('captureWindowState', () => {
  it('saves the normal bounds and the mode', () => {
    expect(
      captureWindowState({
        getNormalBounds: () => ({ x: 1, y: 2, width: 1300, height: 850 }),
        isMaximized: () => true,
        isFullScreen: () => false,
      }),
    ).toEqual({ x: 1, y: 2, width: 1300, height: 850, maximized: true, fullScreen: false });
  });
});

/** A rectangle, as Electron's `Rectangle`. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The main window's size, place and mode, remembered between runs (settings store). Without a
 * place (x, y) the window is centred.
 */
export interface WindowState {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
  fullScreen: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 800, height: 600 } as const;
/** How much of the title bar must land on a screen for the saved place to be used. */
const VISIBLE = { width: 120, height: 40 } as const;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function overlap(a: Bounds, b: Bounds): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The state to open the main window with, from what was saved (anything, possibly corrupt) and
 * the screens' work areas now. The size is kept within the largest screen and above the minimum;
 * the place only when the window's title bar would be visible on some screen (not on a monitor
 * unplugged since), otherwise the window is centred.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Bounds[]): WindowState {
  const record = (typeof saved === 'object' && saved !== null ? saved : {}) as Record<
    string,
    unknown
  >;
  const mode = { maximized: record.maximized === true, fullScreen: record.fullScreen === true };
  if (!isNumber(record.width) || !isNumber(record.height)) return { ...DEFAULT_SIZE, ...mode };
  const largest = {
    width: Math.max(0, ...workAreas.map((area) => area.width)),
    height: Math.max(0, ...workAreas.map((area) => area.height)),
  };
  const fit = (value: number, min: number, max: number) =>
    Math.round(Math.max(min, max > 0 ? Math.min(value, max) : value));
  const size = {
    width: fit(record.width, MIN_SIZE.width, largest.width),
    height: fit(record.height, MIN_SIZE.height, largest.height),
  };
  if (!isNumber(record.x) || !isNumber(record.y)) return { ...size, ...mode };
  const place = { x: Math.round(record.x), y: Math.round(record.y) };
  const titleBar = { ...place, width: size.width, height: VISIBLE.height };
  const onScreen = workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= VISIBLE.width && shared.height >= VISIBLE.height;
  });
  return onScreen ? { ...size, ...place, ...mode } : { ...size, ...mode };
}

/** What to save from a window: its normal (not maximised) bounds and its mode. */
export function captureWindowState(window: {
  getNormalBounds(): Bounds;
  isMaximized(): boolean;
  isFullScreen(): boolean;
}): WindowState {
  return {
    ...window.getNormalBounds(),
    maximized: window.isMaximized(),
    fullScreen: window.isFullScreen(),
  };
}

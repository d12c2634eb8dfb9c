/** The generic dialog's constants (spec §9) and its position rules. Pure. */

export const DIALOG_WIDTH = '60%';
export const DIALOG_TOP = '15%';
/** The body is limited to the window height minus this many pixels. */
export const DIALOG_BODY_MARGIN_PX = 180;
/** The modal layer's first z-index; each dialog opened on top of another gets the next one. */
export const DIALOG_BASE_Z_INDEX = 1500;
export const DIALOG_CLOSE_DELAY_MS = 200;
export const DIALOG_RESIZE_THROTTLE_MS = 50;
/** One arrow key press moves the dialog this far; with Shift, five times as far. */
export const DIALOG_KEY_STEP_PX = 10;

export interface Offset {
  x: number;
  y: number;
}

/** Where the dialog is when its offset is 0 (its layout box) and the window's size. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Keeps the whole dialog inside the window: the offset is limited so that no edge leaves it. A
 * dialog larger than the window keeps its top-left corner inside (its header stays reachable).
 */
export function clampOffset(
  offset: Offset,
  box: Box,
  viewport: { width: number; height: number },
): Offset {
  const clamp = (value: number, start: number, size: number, room: number) => {
    const min = -start;
    const max = Math.max(min, room - size - start);
    return Math.min(max, Math.max(min, value));
  };
  return {
    x: clamp(offset.x, box.left, box.width, viewport.width),
    y: clamp(offset.y, box.top, box.height, viewport.height),
  };
}

/** The body's maximum height for a window height (spec §9), never below 100 px. */
export function bodyMaxHeight(windowHeight: number): number {
  return Math.max(100, windowHeight - DIALOG_BODY_MARGIN_PX);
}

/** The move of an arrow key, or null for other keys. */
export function keyMove(key: string, fast: boolean): Offset | null {
  const step = fast ? DIALOG_KEY_STEP_PX * 5 : DIALOG_KEY_STEP_PX;
  switch (key) {
    case 'ArrowLeft':
      return { x: -step, y: 0 };
    case 'ArrowRight':
      return { x: step, y: 0 };
    case 'ArrowUp':
      return { x: 0, y: -step };
    case 'ArrowDown':
      return { x: 0, y: step };
    default:
      return null;
  }
}

/** The z-index of the dialog at `depth` in the stack of open dialogs (0 = the first). */
export function zIndexAt(depth: number): number {
  return DIALOG_BASE_Z_INDEX + Math.max(0, depth);
}

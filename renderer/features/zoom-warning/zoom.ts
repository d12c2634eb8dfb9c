/** Browser zoom (spec §5, §9): below 80 % or above 120 % triggers a warning. Pure. */
export const ZOOM_MIN_PERCENT = 80;
export const ZOOM_MAX_PERCENT = 120;
export const ZOOM_WARNING_MS = 5000;

/**
 * The page zoom in percent. Browsers expose it only through devicePixelRatio, which also holds
 * the display's own scaling; the platform's pages assume a 100 % display, as the spec's
 * zoom rule does.
 */
export function zoomPercent(devicePixelRatio: number): number {
  return Math.round(devicePixelRatio * 100);
}

export function isZoomOutOfRange(percent: number): boolean {
  return percent < ZOOM_MIN_PERCENT || percent > ZOOM_MAX_PERCENT;
}

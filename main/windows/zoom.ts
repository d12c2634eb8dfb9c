import type { BrowserWindow } from 'electron';

/**
 * The main window's zoom (docs/desktop-client.md, "Zoom and spell check"): the user's own zoom
 * is remembered (settings.json); without one the policy DefaultZoom (percent, e.g. 125 for a
 * classroom projector) applies; both are kept within 50–300 %.
 */
export const MIN_ZOOM_PERCENT = 50;
export const MAX_ZOOM_PERCENT = 300;

export function clampZoomFactor(factor: number): number {
  if (!Number.isFinite(factor)) return 1;
  return Math.min(Math.max(factor, MIN_ZOOM_PERCENT / 100), MAX_ZOOM_PERCENT / 100);
}

/** The zoom factor a new main window starts with. */
export function initialZoomFactor(saved: number | undefined, policyPercent: number | null): number {
  if (saved !== undefined) return clampZoomFactor(saved);
  if (policyPercent !== null) return clampZoomFactor(policyPercent / 100);
  return 1;
}

/**
 * The zoom to remember when the window closes, or null: a user who never zoomed keeps following
 * the policy (a later DefaultZoom applies to them), so the start value is not saved as theirs.
 */
export function zoomToRemember(current: number, initial: number, hadSaved: boolean) {
  const factor = clampZoomFactor(current);
  if (!hadSaved && Math.abs(factor - initial) < 0.001) return null;
  return Math.round(factor * 100) / 100;
}

/**
 * Applies the start zoom once the first page has loaded (Chromium then keeps it for the origin
 * while the client runs) and remembers the window's zoom when it closes.
 */
export function rememberZoom(
  window: Pick<BrowserWindow, 'on' | 'webContents'>,
  options: { saved: number | undefined; policyPercent: number | null; save(factor: number): void },
): void {
  const initial = initialZoomFactor(options.saved, options.policyPercent);
  window.webContents.once('did-finish-load', () => {
    window.webContents.setZoomFactor(initial);
  });
  window.on('close', () => {
    const factor = zoomToRemember(
      window.webContents.getZoomFactor(),
      initial,
      options.saved !== undefined,
    );
    if (factor !== null) options.save(factor);
  });
}

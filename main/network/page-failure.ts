import type { RenderProcessGoneDetails } from 'electron';

/**
 * Which bundled page replaces a main-window page that failed (window-manager.ts): the
 * certificate page for a certificate Chromium refused, the offline page (with Retry) for any
 * other failed load and for a page whose renderer crashed or stopped responding. Pure.
 */
export type FailurePage = 'certificate' | 'offline';

/** Chromium's "aborted" load error: a navigation replaced by another, not a failure. */
const ERR_ABORTED = -3;

/** Chromium's certificate errors are -200 … -299 (net/base/net_error_list.h). */
export function isCertificateError(code: number): boolean {
  return code <= -200 && code > -300;
}

export function pageForLoadFailure(code: number, isMainFrame: boolean): FailurePage | null {
  if (!isMainFrame || code === ERR_ABORTED) return null;
  return isCertificateError(code) ? 'certificate' : 'offline';
}

/** A renderer that exited normally (the window closing) needs no page; any other end does. */
export function pageForRenderProcessGone(
  reason: RenderProcessGoneDetails['reason'],
): FailurePage | null {
  return reason === 'clean-exit' ? null : 'offline';
}

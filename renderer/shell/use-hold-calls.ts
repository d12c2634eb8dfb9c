import { useLayoutEffect } from 'react';
import { afterNextPaint } from '../core/after-paint';
import { holdCallsUntil } from '../core/http/call-gate';

/** The longest the shell's other calls wait for its first view (a hidden tab draws none). */
const FIRST_VIEW_CAP_MS = 1000;

/**
 * While a desktop shell's first view (the icons the user signed in for) is drawn, the calls its
 * pieces make when they appear (counts, licence, version, theme, the header's) wait, and leave
 * once it is on screen: sent, answered and rendered in that frame, they would take the processor
 * from it on a slow PC (docs/performance.md, the call gate). Urgent calls are not held.
 */
export function useHoldCallsWhileFirstDrawn(): void {
  useLayoutEffect(() => {
    holdCallsUntil(afterNextPaint(FIRST_VIEW_CAP_MS));
  }, []);
}

import { useLayoutEffect } from 'react';
import { afterNextPaint } from '../core/after-paint';
import { markFirstView } from '../core/first-view';

/** The longest the shell's other calls wait for its first view (a hidden tab draws none). */
const FIRST_VIEW_CAP_MS = 1000;

/**
 * Marks a desktop shell's first view (the icons the user signed in for) as being drawn until the
 * browser has painted it: the calls its pieces make with `afterFirstView` (counts, licence,
 * version, theme) leave after that paint (core/first-view.ts).
 */
export function useHoldCallsWhileFirstDrawn(): void {
  useLayoutEffect(() => {
    markFirstView(afterNextPaint(FIRST_VIEW_CAP_MS));
  }, []);
}

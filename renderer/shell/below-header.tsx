import { useLayoutEffect, type ReactNode } from 'react';
import './below-header.css';

/** The header's height (styles.css --edudesk-header-height). */
const HEADER_HEIGHT = 'var(--edudesk-header-height)';

/**
 * Every modal dialog and drawer of the desktop starts below the page header: their masks and
 * panels never cover a header control (logout, language, role switch stay usable while the
 * to-do panel or a dialog is open). antd places them from
 * `--edudesk-dialog-top` (ui/app-provider/dialog-frame), set here on the page's root element
 * while the desktop is shown, before its first paint; the session's login dialog, which covers
 * the whole page, keeps its own place.
 */
export function BelowHeader({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.style.setProperty('--edudesk-dialog-top', HEADER_HEIGHT);
    return () => {
      root.style.removeProperty('--edudesk-dialog-top');
    };
  }, []);
  return children;
}

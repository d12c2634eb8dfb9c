import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/** The header's height (styles.css --edudesk-header-height). */
const BELOW_HEADER = { top: 'var(--edudesk-header-height)' } as const;
/**
 * Module constants: antd's ConfigProvider compares its props one by one, and a new object on
 * each of the shell's renders would give every antd component below a new context to re-render
 * for, memoised or not.
 */
const MODAL = { styles: { mask: BELOW_HEADER, wrapper: BELOW_HEADER } } as const;
const DRAWER = { styles: { mask: BELOW_HEADER, wrapper: BELOW_HEADER } } as const;

/**
 * Every modal dialog and drawer of the desktop starts below the page header: their masks and
 * panels never cover a header control (logout, language, role switch stay usable while the
 * to-do panel or a dialog is open).
 */
export function BelowHeader({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider modal={MODAL} drawer={DRAWER}>
      {children}
    </ConfigProvider>
  );
}

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
/**
 * The same, for dialogs behind the session's login dialog: they stop holding the focus. antd
 * lets the last dialog that locked the focus keep it, and a dialog behind that locks (or locks
 * again) after the login dialog would take the focus out of the account field as the user types.
 */
const MODAL_BEHIND_LOGIN = { ...MODAL, focusable: { trap: false } } as const;
const DRAWER = { styles: { mask: BELOW_HEADER, wrapper: BELOW_HEADER } } as const;

/**
 * Every modal dialog and drawer of the desktop starts below the page header: their masks and
 * panels never cover a header control (logout, language, role switch stay usable while the
 * to-do panel or a dialog is open).
 */
export function BelowHeader({
  children,
  behindLogin = false,
}: {
  children: ReactNode;
  /** The session's login dialog is open over the page. */
  behindLogin?: boolean;
}) {
  return (
    <ConfigProvider modal={behindLogin ? MODAL_BEHIND_LOGIN : MODAL} drawer={DRAWER}>
      {children}
    </ConfigProvider>
  );
}

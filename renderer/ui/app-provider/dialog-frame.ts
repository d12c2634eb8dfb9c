import { create } from 'zustand';

/**
 * Where the page's modal dialogs start (the CSS variable `--edudesk-dialog-top`, 0 unless a page
 * sets it: the desktop, below its header; side panels take it from shell/below-header.css, as a bottom sheet
 * given a top would fill the screen) and whether they hold the focus. The root ConfigProvider
 * (AppProvider) gives antd these as constants: one provider for the whole page, as a nested one
 * cost the desktop's first render its own motion, token and context set-up under every antd
 * component.
 */
const DIALOG_TOP = { top: 'var(--edudesk-dialog-top, 0px)' } as const;

export const DIALOG_MODAL = { styles: { mask: DIALOG_TOP, wrapper: DIALOG_TOP } } as const;

/**
 * The same, for dialogs behind the session's login dialog: they stop holding the focus. antd
 * lets the last dialog that locked the focus keep it, and a dialog behind that locks (or locks
 * again) after the login dialog would take the focus out of the account field as the user types.
 */
export const DIALOG_MODAL_BEHIND_LOGIN = { ...DIALOG_MODAL, focusable: { trap: false } } as const;

interface DialogFrameState {
  /** The session's login dialog is open over the page (set by the login dialog itself). */
  behindLogin: boolean;
}

export const useDialogFrame = create<DialogFrameState>(() => ({ behindLogin: false }));

/** Tells the page's dialogs whether the login dialog is over them (a no-op when unchanged). */
export function setBehindLogin(behindLogin: boolean): void {
  if (useDialogFrame.getState().behindLogin !== behindLogin)
    useDialogFrame.setState({ behindLogin });
}

import { create } from 'zustand';

/**
 * Where the page's dialogs start (the CSS variable `--edudesk-dialog-top`, 0 unless a page sets
 * it: the desktop, below its header) and whether they hold the focus. The root
 * ConfigProvider (AppProvider) gives antd these as constants: one provider for the whole page, as
 * a nested ConfigProvider cost the desktop's first render about 60 ms (its own motion, token and
 * context set-up under every antd component).
 */
const DIALOG_TOP = { top: 'var(--edudesk-dialog-top, 0px)' } as const;

export const DIALOG_FRAME = {
  modal: { styles: { mask: DIALOG_TOP, wrapper: DIALOG_TOP } },
} as const;
// Drawers take it from styles.css, for side panels only: a bottom sheet (the phone's) given a
// top would fill the screen.

/**
 * The same, for dialogs behind the session's login dialog: they stop holding the focus. antd
 * lets the last dialog that locked the focus keep it, and a dialog behind that locks (or locks
 * again) after the login dialog would take the focus out of the account field as the user types.
 */
export const DIALOG_FRAME_BEHIND_LOGIN = {
  ...DIALOG_FRAME,
  modal: { ...DIALOG_FRAME.modal, focusable: { trap: false } },
} as const;

interface DialogFrameState {
  /** The session's login dialog is open over the page. */
  behindLogin: boolean;
}

export const useDialogFrame = create<DialogFrameState>(() => ({ behindLogin: false }));

/** Tells the page's dialogs whether the login dialog is over them (a no-op when unchanged). */
export function setBehindLogin(behindLogin: boolean): void {
  if (useDialogFrame.getState().behindLogin !== behindLogin)
    useDialogFrame.setState({ behindLogin });
}

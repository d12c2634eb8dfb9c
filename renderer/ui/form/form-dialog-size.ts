// In a module of its own: PH hands these out at once without loading the dialog
// (renderer/ph/kit.ts).

/** The form dialog's default size (spec §9): 50 % wide, a 400 px high body. */
export const FORM_DIALOG_WIDTH = '50%';
export const FORM_DIALOG_HEIGHT_PX = 400;

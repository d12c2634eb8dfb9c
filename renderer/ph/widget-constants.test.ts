import { describe, expect, it } from 'vitest';
import * as formDialog from '../ui/form/form-dialog';
import * as picker from '../ui/picker/color-font-picker';
import * as copies from './widget-constants';

describe("PH's copies of the lazily loaded widgets' constants", () => {
  it("equal the widgets' own", () => {
    expect(copies.FORM_DIALOG_WIDTH).toBe(formDialog.FORM_DIALOG_WIDTH);
    expect(copies.FORM_DIALOG_HEIGHT_PX).toBe(formDialog.FORM_DIALOG_HEIGHT_PX);
    expect(copies.PICKER_FONTS).toEqual(picker.PICKER_FONTS);
    expect(copies.PICKER_FONT_SIZES).toEqual(picker.PICKER_FONT_SIZES);
    expect(copies.PICKER_DEFAULT_COLOR).toBe(picker.PICKER_DEFAULT_COLOR);
    expect(copies.DEFAULT_COLOR_FONT).toEqual(picker.DEFAULT_COLOR_FONT);
  });
});

/**
 * The constants of spec §3 and §9 that live in the modules of widgets PH loads when first drawn
 * (renderer/ph/lazy-part.tsx). PH.ui.constants must answer at once, and importing a value from
 * a widget's module would put the whole widget (antd's Modal, ColorPicker) back into ph.js, so
 * PH keeps its own copy, typed as the widget's; widget-constants.test.ts checks they are equal.
 * Once renderer/ui keeps these in modules without the widgets, import them from there instead.
 */
import type * as FormDialog from '../ui/form/form-dialog';
import type * as Picker from '../ui/picker/color-font-picker';

export const FORM_DIALOG_WIDTH: typeof FormDialog.FORM_DIALOG_WIDTH = '50%';
export const FORM_DIALOG_HEIGHT_PX: typeof FormDialog.FORM_DIALOG_HEIGHT_PX = 400;

export const PICKER_FONTS: typeof Picker.PICKER_FONTS = [
  'SimSun',
  'KaiTi',
  'Microsoft YaHei',
  'SimHei',
  'LiSu',
  'STXingkai',
];
export const PICKER_FONT_SIZES: typeof Picker.PICKER_FONT_SIZES = [12, 14, 16, 18, 20];
export const PICKER_DEFAULT_COLOR: typeof Picker.PICKER_DEFAULT_COLOR = '#000000';
export const DEFAULT_COLOR_FONT: typeof Picker.DEFAULT_COLOR_FONT = {
  color: PICKER_DEFAULT_COLOR,
  fontSize: '14px',
  fontFamily: 'Microsoft YaHei',
};

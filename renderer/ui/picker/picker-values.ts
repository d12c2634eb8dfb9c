// The picker's values (spec §3), in a module of their own: PH hands them out at once without
// loading the picker (renderer/ph/kit.ts).

/** The fonts of spec §3, in order. */
export const PICKER_FONTS = [
  'SimSun',
  'KaiTi',
  'Microsoft YaHei',
  'SimHei',
  'LiSu',
  'STXingkai',
] as const;
/** The font sizes of spec §3, in px. */
export const PICKER_FONT_SIZES = [12, 14, 16, 18, 20] as const;
/** The default colour (spec §3): black. */
export const PICKER_DEFAULT_COLOR = '#000000';

/** What the picker gives (spec §3): color, fontSize, fontFamily, ready to use as CSS. */
export interface ColorFontValue {
  color: string;
  /** e.g. '14px'. */
  fontSize: string;
  fontFamily: string;
}

export const DEFAULT_COLOR_FONT: ColorFontValue = {
  color: PICKER_DEFAULT_COLOR,
  fontSize: '14px',
  fontFamily: 'Microsoft YaHei',
};

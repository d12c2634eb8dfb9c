import { ColorPicker, Select, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import {
  DEFAULT_COLOR_FONT,
  PICKER_FONT_SIZES,
  PICKER_FONTS,
  type ColorFontValue,
} from './picker-values';

export {
  DEFAULT_COLOR_FONT,
  PICKER_DEFAULT_COLOR,
  PICKER_FONT_SIZES,
  PICKER_FONTS,
  type ColorFontValue,
} from './picker-values';

export interface ColorFontPickerProps {
  value?: Partial<ColorFontValue>;
  onChange?: (value: ColorFontValue) => void;
  /** Show a line of text in the chosen style. */
  preview?: boolean;
}

/** The colour and font picker (spec §1, §3): antd's ColorPicker and two Selects. */
export function ColorFontPicker({ value, onChange, preview = true }: ColorFontPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const current: ColorFontValue = { ...DEFAULT_COLOR_FONT, ...value };
  const change = (part: Partial<ColorFontValue>) => onChange?.({ ...current, ...part });
  return (
    <div className="ph-color-font" role="group" aria-label={t('ui.kit.picker.label')}>
      <Space wrap align="center">
        <span id={`${id}-color`}>{t('ui.kit.picker.color')}</span>
        <ColorPicker
          value={current.color}
          disabledAlpha
          aria-labelledby={`${id}-color`}
          onChangeComplete={(color) => change({ color: color.toHexString() })}
          showText
        />
        <span id={`${id}-size`}>{t('ui.kit.picker.fontSize')}</span>
        <Select
          aria-labelledby={`${id}-size`}
          style={{ width: 96 }}
          value={current.fontSize}
          onChange={(fontSize: string) => change({ fontSize })}
          options={PICKER_FONT_SIZES.map((size) => ({
            value: `${String(size)}px`,
            label: `${String(size)}px`,
          }))}
        />
        <span id={`${id}-family`}>{t('ui.kit.picker.fontFamily')}</span>
        <Select
          aria-labelledby={`${id}-family`}
          style={{ width: 160 }}
          value={current.fontFamily}
          onChange={(fontFamily: string) => change({ fontFamily })}
          options={PICKER_FONTS.map((font) => ({
            value: font,
            label: <span style={{ fontFamily: font }}>{t(`ui.kit.picker.fonts.${font}`)}</span>,
          }))}
        />
      </Space>
      {preview && (
        <p
          className="ph-color-font__preview"
          style={{
            color: current.color,
            fontSize: current.fontSize,
            fontFamily: current.fontFamily,
            margin: '8px 0 0',
          }}
        >
          {t('ui.kit.picker.preview')}
        </p>
      )}
    </div>
  );
}

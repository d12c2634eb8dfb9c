import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLOR_PRESETS,
  DESIGNED_THEMES,
  isDesignedTheme,
  resolveTheme,
  type DesignedTheme,
  type Layout,
} from '../../core/theme/theme-engine';
import './theme-dialog.css';

/** The theme dialog's width (spec §2, §9). */
export const THEME_DIALOG_WIDTH = 680;

export interface ThemeSelection {
  theme: string;
  layout: Layout;
}

export interface ThemeDialogProps {
  open: boolean;
  current: ThemeSelection;
  /** Admins are asked whether to sync the theme for all users (spec §2). */
  isAdmin: boolean;
  saving: boolean;
  onSave: (selection: ThemeSelection, scope: 'me' | 'unit') => void;
  onClose: () => void;
}

function Swatch({
  label,
  colour,
  selected,
  onSelect,
  className,
}: {
  label: string;
  colour: string;
  selected: boolean;
  onSelect: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`theme-swatch ${className ?? ''}`}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="theme-swatch__preview" style={{ background: colour }}>
        {selected && <CheckOutlined aria-hidden />}
      </span>
      <span className="theme-swatch__label">{label}</span>
    </button>
  );
}

/**
 * The theme dialog (spec §2): classic themes (ink, lotus), the stage theme (cartoon), four
 * colour presets and a custom colour; the layout choice only for colour themes; the
 * 1920x1080 hint; admins confirm with Cancel / Sync theme / Confirm save.
 */
export function ThemeDialog({ open, current, isAdmin, saving, onSave, onClose }: ThemeDialogProps) {
  const { t } = useTranslation();
  const [selection, setSelection] = useState<ThemeSelection>(current);
  const [confirming, setConfirming] = useState(false);
  // Start from the current theme each time the dialog opens, before the first paint, so a quick
  // choice made during the opening animation is never reset.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSelection(current);
  }
  const resolved = resolveTheme(selection.theme);
  const choose = (theme: string) => {
    setSelection((previous) => ({ ...previous, theme }));
  };
  const designed = (name: DesignedTheme, className: string) => (
    <Swatch
      key={name}
      className={className}
      label={t(`theme.names.${name}`)}
      colour={DESIGNED_THEMES[name]}
      selected={selection.theme === name}
      onSelect={() => {
        choose(name);
      }}
    />
  );

  return (
    <>
      <Modal
        open={open}
        title={t('theme.title')}
        width={THEME_DIALOG_WIDTH}
        rootClassName="theme-dialog"
        onCancel={onClose}
        footer={[
          <Button key="cancel" onClick={onClose}>
            {t('theme.cancel')}
          </Button>,
          <Button
            key="save"
            type="primary"
            loading={saving}
            onClick={() => {
              if (isAdmin) setConfirming(true);
              else onSave(selection, 'me');
            }}
          >
            {t('theme.save')}
          </Button>,
        ]}
      >
        {/* The classic and the stage themes side by side: the dialog, its Save and Cancel
            included, fits a 1280x720 screen below the header (theme-dialog.css .theme-dialog). */}
        <div className="theme-dialog__row">
          <section className="theme-group" aria-labelledby="theme-classic">
            <h3 id="theme-classic">{t('theme.classic')}</h3>
            <div className="theme-group__items">
              {designed('ink', 'theme-swatch--ink')}
              {designed('lotus', 'theme-swatch--lotus')}
            </div>
            <p className="theme-hint">{t('theme.resolutionHint')}</p>
          </section>
          <section className="theme-group" aria-labelledby="theme-stage">
            <h3 id="theme-stage">{t('theme.stage')}</h3>
            <div className="theme-group__items">{designed('cartoon', 'theme-swatch--cartoon')}</div>
          </section>
        </div>
        <section className="theme-group" aria-labelledby="theme-colours">
          <h3 id="theme-colours">{t('theme.colours')}</h3>
          <div className="theme-group__items">
            {COLOR_PRESETS.map((preset) => (
              <Swatch
                key={preset.name}
                label={t(`theme.presets.${preset.name}`)}
                colour={preset.color}
                selected={
                  resolved.kind === 'colour' &&
                  resolved.primary === resolveTheme(preset.color).primary
                }
                onSelect={() => {
                  choose(preset.color);
                }}
              />
            ))}
            <label className="theme-custom">
              <input
                type="color"
                className="theme-custom__input"
                value={resolved.kind === 'colour' ? resolved.primary : '#457cd6'}
                onChange={(event) => {
                  choose(event.target.value);
                }}
              />
              <span>{t('theme.custom')}</span>
            </label>
          </div>
        </section>
        {!isDesignedTheme(selection.theme) && (
          <section className="theme-group" aria-labelledby="theme-layout">
            <h3 id="theme-layout">{t('theme.layout')}</h3>
            <Radio.Group
              value={selection.layout}
              onChange={(event) => {
                setSelection((previous) => ({ ...previous, layout: event.target.value as Layout }));
              }}
              options={[
                { value: 'top', label: t('theme.layoutTop') },
                { value: 'left', label: t('theme.layoutLeft') },
              ]}
            />
          </section>
        )}
      </Modal>
      <Modal
        open={confirming}
        rootClassName="theme-dialog theme-dialog--confirm"
        title={t('theme.confirmTitle')}
        onCancel={() => {
          setConfirming(false);
        }}
        footer={
          <Space>
            <Button
              onClick={() => {
                setConfirming(false);
              }}
            >
              {t('theme.cancel')}
            </Button>
            <Button
              onClick={() => {
                setConfirming(false);
                onSave(selection, 'unit');
              }}
            >
              {t('theme.sync')}
            </Button>
            <Button
              type="primary"
              onClick={() => {
                setConfirming(false);
                onSave(selection, 'me');
              }}
            >
              {t('theme.confirmSave')}
            </Button>
          </Space>
        }
      >
        <Alert type="info" showIcon title={t('theme.confirmBody')} />
      </Modal>
    </>
  );
}

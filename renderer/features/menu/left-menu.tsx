import {
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import { menuLockKey, readLocal, writeLocal } from '../../core/storage-keys';
import { HoverTip } from '../../ui/hover-tip/hover-tip';
import { MenuAppIcon } from './menu-app-icon';
import './left-menu.css';

/** The left grid's icons are capped at 60 px (spec §2, §9). */
export const LEFT_MENU_ICON_PX = 40;
export const LEFT_MENU_COLUMN_PX = 60;
/** The expanded menu's width (left-menu.css .left-menu--expanded). */
export const LEFT_MENU_EXPANDED_PX = 200;

export interface LeftMenuProps {
  apps: readonly ApplicationItem[];
  iconVariant: 'colour' | 'gray' | 'cartoon';
  unitName: string;
  userId: string;
  onOpen: (app: ApplicationItem) => void;
  /**
   * The width the menu takes, collapsed or expanded: the desktop's grid sizes its columns from
   * what is left (renderer/shell/desktop-grid.ts).
   */
  onWidthChange?: (width: number) => void;
}

/**
 * The left layout's application menu (spec §2): a column of icons, an expand/collapse bar, and a
 * lock toggle that keeps it expanded, remembered per user. Expanded, it shows the unit name and
 * the applications' names.
 */
export const LeftMenu = memo(function LeftMenu({
  apps,
  iconVariant,
  unitName,
  userId,
  onOpen,
  onWidthChange,
}: LeftMenuProps) {
  const { t } = useTranslation();
  const [locked, setLocked] = useState(() => readLocal(menuLockKey(userId)) === '1');
  const [open, setOpen] = useState(false);
  const expanded = locked || open;
  useEffect(() => {
    onWidthChange?.(expanded ? LEFT_MENU_EXPANDED_PX : LEFT_MENU_COLUMN_PX);
  }, [expanded, onWidthChange]);

  return (
    <nav
      className={`left-menu${expanded ? ' left-menu--expanded' : ''}`}
      aria-label={t('menu.apps')}
    >
      <div className="left-menu__bar">
        {expanded && <span className="left-menu__unit">{unitName}</span>}
        <HoverTip title={expanded ? t('menu.collapse') : t('menu.expand')} placement="right">
          <Button
            type="text"
            aria-label={expanded ? t('menu.collapse') : t('menu.expand')}
            aria-expanded={expanded}
            disabled={locked}
            icon={expanded ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
            onClick={() => {
              setOpen((value) => !value);
            }}
          />
        </HoverTip>
        <HoverTip title={locked ? t('menu.unlock') : t('menu.lock')} placement="right">
          <Button
            type="text"
            aria-label={locked ? t('menu.unlock') : t('menu.lock')}
            aria-pressed={locked}
            icon={locked ? <LockOutlined aria-hidden /> : <UnlockOutlined aria-hidden />}
            onClick={() => {
              const next = !locked;
              writeLocal(menuLockKey(userId), next ? '1' : '0');
              setLocked(next);
            }}
          />
        </HoverTip>
      </div>
      <ul className="left-menu__icons">
        {apps.map((app) => (
          <li key={app.code}>
            <MenuAppIcon
              app={app}
              iconVariant={iconVariant}
              size={LEFT_MENU_ICON_PX}
              onOpen={onOpen}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
});

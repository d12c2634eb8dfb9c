import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import { AppIcon } from '../../ui/app-icon/app-icon';
import { useAppUnread } from './unread-counts';
import { useAppNames } from './use-app-names';
import { appImage } from './visible-apps';

export interface MenuAppIconProps {
  app: ApplicationItem;
  iconVariant: 'colour' | 'gray' | 'cartoon';
  size: number;
  onOpen: (app: ApplicationItem) => void;
  /** The id of a description read with the icon (how to reorder it). */
  describedBy?: string;
}

/**
 * An application's icon wherever the desktop lists applications (grids, menus): its name in the
 * active language, the theme's icon set and its unread count (./unread-counts.ts). Memoised: a
 * list re-rendered around it leaves it alone, and a count that changed re-renders only its icon.
 */
export const MenuAppIcon = memo(function MenuAppIcon({
  app,
  iconVariant,
  size,
  onOpen,
  describedBy,
}: MenuAppIconProps) {
  const { t } = useTranslation();
  const names = useAppNames();
  const unread = useAppUnread(app);
  return (
    <AppIcon
      name={names.app(app)}
      image={appImage(app, iconVariant)}
      unread={unread}
      unreadLabel={t('menu.unread', { count: unread })}
      size={size}
      {...(describedBy === undefined ? {} : { describedBy })}
      onOpen={() => {
        onOpen(app);
      }}
    />
  );
});

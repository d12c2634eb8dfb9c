import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import { AppIcon } from '../../ui/app-icon/app-icon';
import { useAppUnread } from './unread-counts';
import { appImage, appName } from './visible-apps';

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
  const { t, i18n } = useTranslation();
  const unread = useAppUnread(app);
  return (
    <AppIcon
      name={appName(app, i18n.language)}
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

import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import { AppIcon } from '../../ui/app-icon/app-icon';
import { appImage, appName } from './visible-apps';

export interface MenuAppIconProps {
  app: ApplicationItem;
  iconVariant: 'colour' | 'gray' | 'cartoon';
  size: number;
  onOpen: (app: ApplicationItem) => void;
}

/**
 * An application's icon wherever the desktop lists applications (grids, menus): its name in the
 * active language, the theme's icon set and its unread count. Memoised, so a list re-rendered
 * for another icon's count leaves it alone.
 */
export const MenuAppIcon = memo(function MenuAppIcon({
  app,
  iconVariant,
  size,
  onOpen,
}: MenuAppIconProps) {
  const { t, i18n } = useTranslation();
  return (
    <AppIcon
      name={appName(app, i18n.language)}
      image={appImage(app, iconVariant)}
      unread={app.unReadCodeCount}
      unreadLabel={t('menu.unread', { count: app.unReadCodeCount })}
      size={size}
      onOpen={() => {
        onOpen(app);
      }}
    />
  );
});

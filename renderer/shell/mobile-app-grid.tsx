import { useTranslation } from 'react-i18next';
import type { ApplicationItem } from '../../contract/desktop';
import { appImage, appName } from '../features/menu/visible-apps';
import { AppIcon } from '../ui/app-icon/app-icon';

export interface MobileAppGridProps {
  apps: readonly ApplicationItem[];
  iconVariant: 'colour' | 'gray' | 'cartoon';
  onOpen: (app: ApplicationItem) => void;
  label: string;
}

/**
 * The mobile desktop's icons: the same icons as the desktop's grid without its drag-to-reorder
 * (a long press on a phone is the voice button's; reordering stays on the PC desktop), so a
 * phone does not download the drag-and-drop library.
 */
export function MobileAppGrid({ apps, iconVariant, onOpen, label }: MobileAppGridProps) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="app-grid" aria-label={label}>
      {apps.map((app) => (
        <li key={app.code} className="app-grid__item">
          <AppIcon
            name={appName(app, i18n.language)}
            image={appImage(app, iconVariant)}
            unread={app.unReadCodeCount}
            unreadLabel={t('menu.unread', { count: app.unReadCodeCount })}
            size={48}
            onOpen={() => {
              onOpen(app);
            }}
          />
        </li>
      ))}
    </ul>
  );
}

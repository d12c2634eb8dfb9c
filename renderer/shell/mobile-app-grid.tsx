import type { ApplicationItem } from '../../contract/desktop';
import { MenuAppIcon } from '../features/menu/index';
import '../features/menu/app-grid.css';

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
  return (
    <ul className="app-grid" aria-label={label}>
      {apps.map((app) => (
        <li key={app.code} className="app-grid__item">
          <MenuAppIcon app={app} iconVariant={iconVariant} size={48} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

import { memo } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ApplicationItem } from '../../../contract/desktop';
import { MenuAppIcon } from './menu-app-icon';
import { appName } from './visible-apps';

export interface AppGridProps {
  apps: readonly ApplicationItem[];
  iconVariant: 'colour' | 'gray' | 'cartoon';
  iconSize?: number;
  onOpen: (app: ApplicationItem) => void;
  /** Given, the icons can be reordered by dragging or with the keyboard (space, arrows, space). */
  onReorder?: (activeCode: string, overCode: string) => void;
  label: string;
}

function SortableIcon({ app, children }: { app: ApplicationItem; children: React.ReactNode }) {
  // The item stays a list item (a button role would break the list); the icon inside is the button.
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: app.code,
    attributes: { role: 'listitem' },
  });
  return (
    <li
      ref={setNodeRef}
      className={`app-grid__item${isDragging ? ' app-grid__item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...attributes}
      {...listeners}
    >
      {children}
    </li>
  );
}

/**
 * What a screen reader hears while an icon is moved: the applications' names in the user's
 * language (dnd-kit's own announcements are English and name the codes).
 */
export function dragAnnouncements(
  apps: readonly ApplicationItem[],
  t: TFunction,
  language: string,
): Announcements {
  const name = (id: string | number | undefined): string => {
    const app = apps.find((each) => each.code === String(id));
    return app ? appName(app, language) : String(id ?? '');
  };
  return {
    onDragStart: ({ active }) => t('menu.drag.pickedUp', { name: name(active.id) }),
    // Over its own place (right after the pick-up, too): the last announcement stands.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? t('menu.drag.movedOver', { name: name(active.id), over: name(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? t('menu.drag.dropped', { name: name(active.id), over: name(over.id) })
        : t('menu.drag.droppedInPlace', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('menu.drag.cancelled', { name: name(active.id) }),
  };
}

/** A grid of application icons; sortable for teachers of school units (spec §2). */
export const AppGrid = memo(function AppGrid({
  apps,
  iconVariant,
  iconSize = 48,
  onOpen,
  onReorder,
  label,
}: AppGridProps) {
  const { t, i18n } = useTranslation();
  const sensors = useSensors(
    // A small distance keeps a click a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const icon = (app: ApplicationItem) => (
    <MenuAppIcon app={app} iconVariant={iconVariant} size={iconSize} onOpen={onOpen} />
  );

  if (!onReorder) {
    return (
      <ul className="app-grid" aria-label={label}>
        {apps.map((app) => (
          <li key={app.code} className="app-grid__item">
            {icon(app)}
          </li>
        ))}
      </ul>
    );
  }

  const onDragEnd = (event: DragEndEvent) => {
    const over = event.over?.id;
    if (over !== undefined && over !== event.active.id)
      onReorder(String(event.active.id), String(over));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('menu.dragInstructions') },
        announcements: dragAnnouncements(apps, t, i18n.language),
      }}
    >
      <SortableContext items={apps.map((app) => app.code)} strategy={rectSortingStrategy}>
        <ul className="app-grid" aria-label={label}>
          {apps.map((app) => (
            <SortableIcon key={app.code} app={app}>
              {icon(app)}
            </SortableIcon>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
});

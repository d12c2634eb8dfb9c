import { memo, type KeyboardEvent, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardSensorOptions,
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
import { useAppNames } from './use-app-names';
import './app-grid.css';

export interface AppGridProps {
  apps: readonly ApplicationItem[];
  iconVariant: 'colour' | 'gray' | 'cartoon';
  iconSize?: number;
  onOpen: (app: ApplicationItem) => void;
  /** Given, the icons can be reordered by dragging or with the keyboard (Ctrl+arrow, arrows, space). */
  onReorder?: (activeCode: string, overCode: string) => void;
  label: string;
}

/** The keys that pick an icon up: Ctrl with an arrow (Enter and Space open the icon). */
const PICK_UP_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

/**
 * dnd-kit's keyboard sensor, picked up by Ctrl and an arrow on the icon's button instead of
 * Space or Enter on the list item: each icon is one Tab stop, a button that Enter and Space open.
 * Once picked up, the arrows move it, Space or Enter drop it and Esc cancels, as before.
 */
class IconKeyboardSensor extends KeyboardSensor {
  static override activators = [
    {
      eventName: 'onKeyDown' as const,
      handler: ({ nativeEvent: event }: KeyboardEvent, options: KeyboardSensorOptions) => {
        if (!event.ctrlKey || !PICK_UP_KEYS.has(event.code)) return false;
        event.preventDefault();
        options.onActivation?.({ event });
        return true;
      },
    },
  ];
}

function SortableIcon({
  app,
  children,
}: {
  app: ApplicationItem;
  /** The icon, told where its reordering instructions are (read with its name). */
  children: (describedBy: string) => ReactNode;
}) {
  // The item stays a list item (a button role would break the list) and out of the Tab order;
  // the icon inside is the button, and the keys that reorder it bubble up to the item.
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: app.code,
    attributes: { role: 'listitem', tabIndex: -1 },
  });
  const { 'aria-describedby': describedBy, ...itemAttributes } = attributes;
  return (
    <li
      ref={setNodeRef}
      className={`app-grid__item${isDragging ? ' app-grid__item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      {...itemAttributes}
      {...listeners}
    >
      {children(describedBy)}
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
  nameOf: (app: ApplicationItem) => string,
): Announcements {
  const name = (id: string | number | undefined): string => {
    const app = apps.find((each) => each.code === String(id));
    return app ? nameOf(app) : String(id ?? '');
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
  const { t } = useTranslation();
  const names = useAppNames();
  const sensors = useSensors(
    // A small distance keeps a click a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(IconKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const icon = (app: ApplicationItem, describedBy?: string) => (
    <MenuAppIcon
      app={app}
      iconVariant={iconVariant}
      size={iconSize}
      onOpen={onOpen}
      {...(describedBy === undefined ? {} : { describedBy })}
    />
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
        announcements: dragAnnouncements(apps, t, names.app),
      }}
    >
      <SortableContext items={apps.map((app) => app.code)} strategy={rectSortingStrategy}>
        <ul className="app-grid" aria-label={label}>
          {apps.map((app) => (
            <SortableIcon key={app.code} app={app}>
              {(describedBy) => icon(app, describedBy)}
            </SortableIcon>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
});

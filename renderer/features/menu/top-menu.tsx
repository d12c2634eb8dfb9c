import { AppstoreOutlined, UpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem, MenuCategory } from '../../../contract/desktop';
import { AppGrid } from './app-grid';
import { AppSearchBox } from './app-search-box';
import {
  fittingIconCount,
  iconSpace,
  MENU_COLUMN_PX,
  MENU_MAX_ICONS,
  menuColumnWidth,
} from './menu-fit';
import { MenuAppIcon } from './menu-app-icon';
import { useAppNames } from './use-app-names';
import { flatApps } from './visible-apps';
import './top-menu.css';

export interface TopMenuProps {
  categories: readonly MenuCategory[];
  /** Teachers of school units: categories and reordering (spec §2). */
  categorised: boolean;
  panelWidth: number;
  iconVariant: 'colour' | 'gray' | 'cartoon';
  onOpen: (app: ApplicationItem) => void;
  onReorder?: (activeCode: string, overCode: string) => void;
}

const NO_COLUMNS: readonly number[] = [];

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * The top layout's application menu (spec §2): as many icons as fit the width (at most 10) and
 * an expand toggle opening a panel of every application, grouped by category for teachers of
 * school units (who may reorder them), flat for everyone else. Esc closes the panel.
 */
export const TopMenu = memo(function TopMenu({
  categories,
  categorised,
  panelWidth,
  iconVariant,
  onOpen,
  onReorder,
}: TopMenuProps) {
  const { t } = useTranslation();
  const barRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const measureRef = useRef<HTMLSpanElement>(null);
  const [width, setWidth] = useState(0);
  const [columns, setColumns] = useState<readonly number[]>([]);
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const apps = flatApps(categories);
  const appNames = useAppNames();
  // The names of the icons that may show, measured as drawn: each column is as wide as its name
  // needs (English names are longer), so a name is never cut and the count counts real widths.
  const names = apps.slice(0, MENU_MAX_ICONS).map((app) => appNames.app(app));
  const namesKey = names.join('\n');

  // Measured when the browser has laid the page out (ResizeObserver), never by forcing a layout
  // in the middle of React's commit: on a slow PC the desktop's first commit would otherwise
  // carry a whole page layout (blocking time). The icons follow a frame later.
  useEffect(() => {
    // Every name is drawn at once in the hidden measurer; one observer reports them all.
    const measurer = measureRef.current;
    if (!measurer || namesKey === '') {
      setColumns(NO_COLUMNS);
      return undefined;
    }
    const observer = new ResizeObserver(() => {
      const widths = Array.from(measurer.children, (name) =>
        menuColumnWidth(name.getBoundingClientRect().width),
      );
      setColumns((before) => (sameNumbers(before, widths) ? before : widths));
    });
    for (const name of measurer.children) observer.observe(name);
    return () => {
      observer.disconnect();
    };
  }, [namesKey]);

  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return undefined;
    // A ResizeObserver reports each observed element once at the start, then on every change.
    const observer = new ResizeObserver(() => {
      // The toggle's drawn width is kept free (its label differs by language and state).
      const toggle = toggleRef.current;
      const gap = Number.parseFloat(getComputedStyle(bar).columnGap) || 0;
      setWidth(iconSpace(bar.clientWidth, toggle?.offsetWidth ?? 0, gap));
    });
    observer.observe(bar);
    if (toggleRef.current) observer.observe(toggleRef.current);
    return () => {
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    if (!expanded) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setExpanded(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [expanded]);

  const shown = apps.slice(0, fittingIconCount(width, columns));
  const open = (app: ApplicationItem) => {
    setExpanded(false);
    onOpen(app);
  };

  return (
    <nav className="top-menu" aria-label={t('menu.apps')}>
      <div className="top-menu__bar" ref={barRef}>
        <ul className="top-menu__icons">
          {shown.map((app, index) => (
            <li key={app.code} style={{ width: columns[index] ?? MENU_COLUMN_PX }}>
              <MenuAppIcon app={app} iconVariant={iconVariant} size={28} onOpen={open} />
            </li>
          ))}
        </ul>
        <span ref={measureRef} className="top-menu__measure" aria-hidden>
          {names.map((name, index) => (
            <span key={index}>{name}</span>
          ))}
        </span>
        <Button
          ref={toggleRef}
          type="text"
          className="top-menu__toggle"
          aria-label={expanded ? t('menu.less') : t('menu.more')}
          title={expanded ? t('menu.less') : t('menu.more')}
          aria-expanded={expanded}
          aria-controls={panelId}
          icon={expanded ? <UpOutlined aria-hidden /> : <AppstoreOutlined aria-hidden />}
          onClick={() => {
            setExpanded((value) => !value);
          }}
        >
          {expanded ? t('menu.less') : t('menu.more')}
        </Button>
      </div>
      {expanded && (
        <div
          id={panelId}
          className="top-menu__panel"
          style={{ width: `min(${String(panelWidth)}px, 96vw)` }}
        >
          {apps.length > 0 && (
            <AppSearchBox
              apps={apps}
              iconVariant={iconVariant}
              onOpen={open}
              autoFocus
              className="top-menu__search"
            />
          )}
          {apps.length === 0 && <p className="top-menu__empty">{t('menu.empty')}</p>}
          {categorised
            ? categories.map((category) => (
                <section key={category.code} className="top-menu__category">
                  <h3>{appNames.category(category)}</h3>
                  <AppGrid
                    apps={category.iconVMs}
                    iconVariant={iconVariant}
                    iconSize={40}
                    onOpen={open}
                    label={appNames.category(category)}
                    {...(onReorder ? { onReorder } : {})}
                  />
                </section>
              ))
            : apps.length > 0 && (
                <AppGrid
                  apps={apps}
                  iconVariant={iconVariant}
                  iconSize={40}
                  onOpen={open}
                  label={t('menu.apps')}
                />
              )}
        </div>
      )}
    </nav>
  );
});

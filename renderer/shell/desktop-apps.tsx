import { Empty, Spin } from 'antd';
import { memo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationItem, MenuCategory } from '../../contract/desktop';
import { AppGrid, flatApps } from '../features/menu/index';
import { CategorySections } from './category-sections';
import { categorySpan, desktopGrid } from './desktop-grid';
import { useWindowWidth } from './use-window-width';
import './desktop.css';

export interface DesktopAppsProps {
  variant: 'desktop' | 'area-desktop' | 'mobile-desktop';
  screen: string;
  loading: boolean;
  categories: readonly MenuCategory[];
  /** Teachers of school units: one section per category (spec §3 menu category). */
  categorised: boolean;
  iconVariant: 'colour' | 'gray' | 'cartoon';
  hidden: boolean;
  onOpen: (app: ApplicationItem) => void;
  onReorder?: (activeCode: string, overCode: string) => void;
  /** The left layout's menu takes this much of the page's width. */
  menuWidth?: number;
  /** Above the icons: the application search. */
  search?: ReactNode;
}

/** The desktop's icons: a section per category for teachers of schools, else one grid. */
export const DesktopApps = memo(function DesktopApps({
  variant,
  screen,
  loading,
  categories,
  categorised,
  iconVariant,
  hidden,
  onOpen,
  onReorder,
  menuWidth = 0,
  search,
}: DesktopAppsProps) {
  const { t } = useTranslation();
  const grid = desktopGrid(useWindowWidth(), menuWidth);
  const gridStyle = {
    '--desktop-content': `${String(grid.contentWidth)}px`,
    '--desktop-cell': `${String(grid.cellWidth)}px`,
    '--desktop-icon': `${String(grid.iconSize)}px`,
    '--desktop-tracks': String(grid.tracks),
  } as CSSProperties;
  const apps = flatApps(categories);
  let body: ReactNode;
  if (loading) {
    body = (
      <div className="desktop__loading" role="status">
        <Spin />
      </div>
    );
  } else if (apps.length === 0) {
    body = <Empty description={t('menu.empty')} />;
  } else if (categorised) {
    body = (
      <div className="desktop__categories">
        <CategorySections
          categories={categories}
          block="desktop"
          style={(category) => ({
            gridColumn: `span ${String(categorySpan(category.iconVMs.length, grid.tracks))}`,
          })}
          grid={(icons, label) => (
            <AppGrid
              apps={icons}
              label={label}
              iconVariant={iconVariant}
              onOpen={onOpen}
              {...(onReorder ? { onReorder } : {})}
            />
          )}
        />
      </div>
    );
  } else {
    body = (
      <div className="desktop__category desktop__category--flat">
        <AppGrid apps={apps} iconVariant={iconVariant} onOpen={onOpen} label={t('menu.apps')} />
      </div>
    );
  }
  return (
    <section
      className={`desktop desktop--${variant} screen-${screen}`}
      aria-labelledby="desktop-title"
      hidden={hidden}
      style={gridStyle}
    >
      <h1 id="desktop-title" className="visually-hidden">
        {t('desktop.label')}
      </h1>
      {search}
      {body}
    </section>
  );
});

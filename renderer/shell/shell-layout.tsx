import type { ReactNode } from 'react';
import type { Layout } from '../core/theme/theme-engine';
import './shell-layout.css';

export interface ShellLayoutProps {
  /** top/bottom: the menu in the header's centre; left/right: the menu down the left side. */
  layout: Layout;
  brand: ReactNode;
  /** The application menu (spec §2), if the page has one. */
  menu?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

/**
 * The page's two layouts (spec §2): a header across the top (brand left, actions right) and the
 * page's content below it, the application menu in the header (top) or beside the content
 * (left).
 */
export function ShellLayout({ layout, brand, menu, actions, children }: ShellLayoutProps) {
  return (
    <div className={`${layout}-layout`}>
      <header className="app-header">
        <div className="app-header__brand">{brand}</div>
        {layout === 'top' && menu}
        <div className="app-header__actions">{actions}</div>
      </header>
      {layout === 'top' ? (
        <main className="top-layout__content">{children}</main>
      ) : (
        <div className="left-layout__body">
          {menu}
          <main className="left-layout__content">{children}</main>
        </div>
      )}
    </div>
  );
}

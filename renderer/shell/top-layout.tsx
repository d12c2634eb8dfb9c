import type { ReactNode } from 'react';

export interface TopLayoutProps {
  brand: ReactNode;
  /** The application menu in the header's centre. */
  menu?: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

/** The top/bottom layout: a header bar (brand left, actions right) above the page content. */
export function TopLayout({ brand, menu, actions, children }: TopLayoutProps) {
  return (
    <div className="top-layout">
      <header className="app-header">
        <div className="app-header__brand">{brand}</div>
        {menu}
        <div className="app-header__actions">{actions}</div>
      </header>
      <main className="top-layout__content">{children}</main>
    </div>
  );
}

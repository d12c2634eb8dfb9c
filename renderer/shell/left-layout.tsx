import type { ReactNode } from 'react';

export interface LeftLayoutProps {
  brand: ReactNode;
  menu: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

/** The left/right layout: the header across the top, the menu on the left, the content right. */
export function LeftLayout({ brand, menu, actions, children }: LeftLayoutProps) {
  return (
    <div className="left-layout">
      <header className="app-header">
        <div className="app-header__brand">{brand}</div>
        <div className="app-header__actions">{actions}</div>
      </header>
      <div className="left-layout__body">
        {menu}
        <main className="left-layout__content">{children}</main>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';

export interface TopLayoutProps {
  brand: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

/** The top/bottom layout: a header bar (brand left, actions right) above the page content. */
export function TopLayout({ brand, actions, children }: TopLayoutProps) {
  return (
    <div className="top-layout">
      <header className="app-header">
        <div className="app-header__brand">{brand}</div>
        <div className="app-header__actions">{actions}</div>
      </header>
      <main className="top-layout__content">{children}</main>
    </div>
  );
}

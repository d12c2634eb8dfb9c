import type { ReactNode } from 'react';
import { resolveRoute, type MetaRoute } from '../../core/permissions/code-keys';
import { usePermissions } from '../../core/permissions/permission-store';
import { NotFound } from './not-found';

export interface OutletRoute extends MetaRoute {
  element: ReactNode;
}

export interface RouteOutletProps {
  routes: readonly OutletRoute[];
  /** The current route, e.g. `hashRoute(useHash())`. */
  path: string;
  /** Application pages: a path outside the permitted menu list is not found (spec §2). */
  checkMenuList?: boolean;
  homeHref?: string;
}

/**
 * Shows the route of the path, or the catch-all not-found page when the route does not exist,
 * its meta code is not permitted, or (application pages) it is outside the permitted menu list.
 */
export function RouteOutlet({ routes, path, checkMenuList = false, homeHref }: RouteOutletProps) {
  const permissions = usePermissions();
  const match = resolveRoute(routes, path, permissions, checkMenuList);
  if (match.kind === 'route') return match.route.element;
  return <NotFound {...(homeHref === undefined ? {} : { homeHref })} />;
}

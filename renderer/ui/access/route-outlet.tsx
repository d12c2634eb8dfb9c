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
  /** The not-found page's way back (NotFound's homeLabel). */
  homeLabel?: string;
}

/** The selector's answer when no route matches (a route's element may itself be null). */
const NOT_FOUND = Symbol('not found');

/**
 * Shows the route of the path, or the catch-all not-found page when the route does not exist,
 * its meta code is not permitted, or (application pages) it is outside the permitted menu list.
 */
export function RouteOutlet({
  routes,
  path,
  checkMenuList = false,
  homeHref,
  homeLabel,
}: RouteOutletProps) {
  // What the matched route shows (the element, as the routes give it): a permission tree that
  // arrives and changes nothing here re-renders nothing. (The whole state would change with it,
  // and arriving in the middle of the page's sliced first render, would make React redo that
  // render in one blocking piece.)
  const shown = usePermissions((permissions) => {
    const match = resolveRoute(routes, path, permissions, checkMenuList);
    return match.kind === 'route' ? match.route.element : NOT_FOUND;
  });
  if (shown !== NOT_FOUND) return shown;
  return (
    <NotFound
      {...(homeHref === undefined ? {} : { homeHref })}
      {...(homeLabel === undefined ? {} : { homeLabel })}
    />
  );
}

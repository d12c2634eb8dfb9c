import { hashRoute, useHash } from '../core/hash-route';
import { RouteOutlet } from '../ui/access/route-outlet';
import type { PhRoute } from './init-config';

export interface AppRouterProps {
  /** The routes of the init config (or those PH.init answered). */
  routes: readonly PhRoute[];
  /** A path outside the user's permitted menu list is not found (spec §2); off by default. */
  checkMenuList?: boolean;
  homeHref?: string;
}

/**
 * The application's hash router (spec §2): the route of the current hash; routes whose meta
 * code is not permitted are removed, and when none is left every path shows the catch-all
 * not-found page.
 */
export function AppRouter({ routes, checkMenuList = false, homeHref }: AppRouterProps) {
  const path = hashRoute(useHash());
  return (
    <RouteOutlet
      routes={routes}
      path={path}
      checkMenuList={checkMenuList}
      {...(homeHref === undefined ? {} : { homeHref })}
    />
  );
}

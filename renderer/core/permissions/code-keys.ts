/**
 * Permission codes (spec §6): the menu resource tree of a teacher becomes the codeKeys map once,
 * and routes, menus and page elements ask it. Pure.
 */

/** The fields of a menu resource tree node (spec §3) the rules read. */
export interface ResourceNode {
  code: string;
  menuRoute?: string;
  /** 2 means a route. */
  resourceType?: number | string;
  children?: readonly ResourceNode[] | null;
}

export type CodeKeys = Readonly<Record<string, true>>;

/** Paths that are always allowed (spec §2: home, hello, main, party, jgst, scty/header, ...). */
export const ALWAYS_ALLOWED_PATHS = ['home', 'hello', 'main', 'party', 'jgst', 'scty/header'];

function walk(nodes: readonly ResourceNode[], visit: (node: ResourceNode) => void): void {
  for (const node of nodes) {
    visit(node);
    if (node.children) walk(node.children, visit);
  }
}

export function collectCodeKeys(tree: readonly ResourceNode[]): CodeKeys {
  const keys: Record<string, true> = {};
  walk(tree, (node) => {
    if (node.code !== '') keys[node.code] = true;
  });
  return keys;
}

/** The routes of the menu (resourceType 2), normalised without leading or trailing slashes. */
export function permittedRoutes(tree: readonly ResourceNode[]): Set<string> {
  const routes = new Set<string>();
  walk(tree, (node) => {
    if (String(node.resourceType) === '2' && node.menuRoute) routes.add(normalise(node.menuRoute));
  });
  return routes;
}

function normalise(path: string): string {
  return path.trim().replace(/^[#/]+|\/+$/g, '');
}

/** True when a code is permitted; a list is permitted only when every code in it is. */
export function hasAccess(
  codeKeys: CodeKeys,
  code: string | readonly string[] | undefined,
): boolean {
  if (code === undefined) return true;
  const codes = typeof code === 'string' ? [code] : code;
  return codes.every((one) => codeKeys[one] === true);
}

/** Routes with a meta code that is not permitted are removed (recursively). */
export interface MetaRoute {
  path: string;
  meta?: { code?: string };
  children?: MetaRoute[];
}

export function filterRoutes<T extends MetaRoute>(routes: readonly T[], codeKeys: CodeKeys): T[] {
  return routes
    .filter((route) => hasAccess(codeKeys, route.meta?.code))
    .map((route) =>
      route.children ? { ...route, children: filterRoutes(route.children, codeKeys) } : route,
    );
}

/** An application path is allowed when it is in the permitted menu list or always allowed. */
export function isPathAllowed(path: string, routes: ReadonlySet<string>): boolean {
  const wanted = normalise(path);
  // The application's own start (an empty route) is always allowed, like home.
  if (
    wanted === '' ||
    ALWAYS_ALLOWED_PATHS.some((allowed) => wanted === allowed || wanted.startsWith(`${allowed}/`))
  ) {
    return true;
  }
  return routes.has(wanted);
}

export type RouteMatch<T> = { kind: 'route'; route: T } | { kind: 'not-found' };

export interface RoutePermissions {
  /**
   * False for users without a permission tree (spec §6: only types 2 and 4 load one): their
   * routes are not filtered. (Elements are: see `can` in permission-store.ts.)
   */
  enforced: boolean;
  codeKeys: CodeKeys;
  /** The permitted menu list (menu routes of the tree). */
  routes: ReadonlySet<string>;
}

/**
 * Which route a path shows (spec §2, §6): routes whose meta code is not permitted are removed;
 * with `checkMenuList`, a path outside the permitted menu list (and not always allowed) is not
 * found; when no route is left, every path is not found (the catch-all page).
 */
export function resolveRoute<T extends MetaRoute>(
  routes: readonly T[],
  path: string,
  permissions: RoutePermissions,
  checkMenuList = false,
): RouteMatch<T> {
  const available = permissions.enforced ? filterRoutes(routes, permissions.codeKeys) : routes;
  const wanted = normalise(path);
  const route = available.find((candidate) => normalise(candidate.path) === wanted);
  if (!route) return { kind: 'not-found' };
  if (checkMenuList && permissions.enforced && !isPathAllowed(wanted, permissions.routes)) {
    return { kind: 'not-found' };
  }
  return { kind: 'route', route };
}

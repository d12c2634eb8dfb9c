import type { ApplicationItem } from '../../contract/desktop';
import {
  AREA_UNIT_TYPE,
  HIDDEN_UPDATE_STATUS,
  SCHOOL_ONLY_APP_CODES,
  SCHOOL_UNIT_TYPE,
} from '../../contract/desktop-codes';

/**
 * The application page URLs of spec §2, as the server builds them (for message links and its own
 * page routes): `/{deployPath or root}/{serverId}/{pc|mobile}_{code}_{idPath}/index.html`.
 */

export const ID_PATHS = ['pre', 'spm', 'tm'] as const;
export type IdPath = (typeof ID_PATHS)[number];
export const PAGE_DEVICES = ['pc', 'mobile'] as const;
export type PageDevice = (typeof PAGE_DEVICES)[number];

/** User types whose own id path is spm (spec §1); every other type uses tm. */
const SPM_USER_TYPES: ReadonlySet<string> = new Set(['1', '3']);

/** The user types of a list such as "2,4", separated as the desktop reads them. */
export function userTypesOf(list: string): string[] {
  return list
    .split(/[,\s;|]+/)
    .map((type) => type.trim())
    .filter((type) => type !== '');
}

/** pre when the application's frontUserType lists the user's type, else the user's own path. */
export function idPathFor(userType: number | string, frontUserType: string): IdPath {
  const type = String(userType);
  if (userTypesOf(frontUserType).includes(type)) return 'pre';
  return SPM_USER_TYPES.has(type) ? 'spm' : 'tm';
}

/** A unit of type 1 deploys under area, otherwise under pages (spec §2). */
export function rootFor(unitType: number | string): string {
  return String(unitType) === AREA_UNIT_TYPE ? 'area' : 'pages';
}

/**
 * The shell's password change page under the unit's root (renderer/pages/page-resolver.ts): where
 * a user who must change a one-time password is sent instead of an application's page.
 */
export function changePasswordUrl(unitType: number | string): string {
  return `/${rootFor(unitType)}/base/pc_changePassword_all/index.html`;
}

export interface AppPageTarget {
  root: string;
  serverId: string;
  code: string;
  idPath: IdPath;
  device?: PageDevice;
}

export function appPageUrl({ root, serverId, code, idPath, device = 'pc' }: AppPageTarget): string {
  return `/${root}/${serverId}/${device}_${code}_${idPath}/index.html`;
}

/** The desktop landing page a unit's application pages link back to (spec §2). */
export function desktopUrl(unitType: number | string, device: PageDevice = 'pc'): string {
  if (String(unitType) === AREA_UNIT_TYPE && device === 'pc') {
    return '/area/areaBase/pc_areaDesktop_all/index.html';
  }
  return `/${rootFor(unitType)}/base/${device}_desktop_all/index.html`;
}

/** Who opens a page: the rules read the user's type and the unit's type. */
export interface PageViewer {
  userType: number;
  unitType: number;
}

/** Codes the desktop does not open by navigation (spec §2: single sign-on, no action). */
const NOT_NAVIGATED: ReadonlySet<string> = new Set(['haikang', 'ysy', 'ykt']);
const SAFE = /^[A-Za-z0-9_-]+$/;
/** A same-origin page path of safe segments, as the desktop accepts a menu route naming one. */
const PAGE_ROUTE = /^(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+\.html([?#].*)?$/;

/** Whether the desktop shows the icon (spec §3, §6), as renderer/features/menu does. */
export function isMenuIcon(app: ApplicationItem, viewer: PageViewer): boolean {
  if (app.updateStatus === HIDDEN_UPDATE_STATUS) return false;
  if (
    String(viewer.unitType) !== SCHOOL_UNIT_TYPE &&
    (SCHOOL_ONLY_APP_CODES as readonly string[]).includes(app.code)
  ) {
    return false;
  }
  const limit = userTypesOf(app.limitUserType);
  return limit.length === 0 || limit.includes(String(viewer.userType));
}

/** Spec §2: user types 1 and 3 never open a page with the application's tm prefix. */
export function rejectsTmPage(userType: number | string, code: string, page: string): boolean {
  return SPM_USER_TYPES.has(String(userType)) && new RegExp(`_${code}_tm\\b`).test(page);
}

/**
 * The page the desktop opens for an application (spec §2 application pages, the rules of
 * renderer/core/app-url): null when a click would not navigate (single sign-on, no action, an
 * http route opening another site) or is refused (a tm page for user types 1 and 3).
 */
export function menuPageUrl(
  app: ApplicationItem,
  viewer: PageViewer,
  device: PageDevice,
): string | null {
  if (!SAFE.test(app.code) || NOT_NAVIGATED.has(app.code)) return null;
  const route = app.menuRoute.trim();
  if (/^https?:\/\//i.test(route)) return null;
  const root = app.deployPath.trim().replace(/^\/+|\/+$/g, '') || rootFor(viewer.unitType);
  const serverId = app.serverId.trim().replace(/^\/+|\/+$/g, '');
  if (!root.split('/').every((segment) => SAFE.test(segment)) || !SAFE.test(serverId)) return null;
  const namesPage = PAGE_ROUTE.test(route);
  const page = namesPage
    ? route
    : appPageUrl({
        root,
        serverId,
        code: app.code,
        idPath: idPathFor(viewer.userType, app.frontUserType),
        device,
      });
  if (rejectsTmPage(viewer.userType, app.code, page)) return null;
  if (namesPage) return page;
  return route.startsWith('/') ? `${page}#${route}` : page;
}

/**
 * The user's permitted menu list as page paths (spec §2): the page of every application their
 * desktop shows, on the computer and on the phone, without query or hash. A page outside it
 * renders the not-found page.
 */
export function menuPagePaths(apps: readonly ApplicationItem[], viewer: PageViewer): Set<string> {
  const paths = new Set<string>();
  for (const app of apps) {
    if (!isMenuIcon(app, viewer)) continue;
    for (const device of PAGE_DEVICES) {
      const url = menuPageUrl(app, viewer, device);
      if (url !== null) paths.add(url.split(/[?#]/, 1)[0] ?? url);
    }
  }
  return paths;
}

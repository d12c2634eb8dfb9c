import { AREA_UNIT_TYPE } from '../../contract/desktop-codes';

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

export function userTypesOf(list: string): string[] {
  return list
    .split(',')
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

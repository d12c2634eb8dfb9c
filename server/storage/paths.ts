import { API } from '../../contract/api-paths';

/** Public URLs of the images the storage service shows. */
export const STORAGE_SHOW_PREFIX = '/api/storage/show';

export function unitLogoPath(unitId: number | string): string {
  return API.unitLogo(unitId);
}

export function userAvatarPath(userId: number | string): string {
  return `${STORAGE_SHOW_PREFIX}/user/${encodeURIComponent(String(userId))}`;
}

export function filingBadgePath(name: string): string {
  return `${STORAGE_SHOW_PREFIX}/filing/${encodeURIComponent(name)}`;
}

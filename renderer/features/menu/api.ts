import { DESKTOP_API } from '../../../contract/api-paths';
import type {
  ApplicationItem,
  AppUnreadCount,
  MenuCategory,
  MenuResourceNode,
} from '../../../contract/desktop';
import {
  COMMON_APPS_CATEGORY,
  DESKTOP_APP_TYPE,
  isMenuCategoryCode,
} from '../../../contract/desktop-codes';
import { SUCCESS_STATUS } from '../../../contract/envelope';
import { http } from '../../core/http/http';
import { isWireRecord, wireCount, wireInteger, wireText } from '../../core/wire';

/** One application item from the wire, every field checked (server answers are not trusted). */
export function toApplicationItem(value: unknown): ApplicationItem | null {
  if (!isWireRecord(value) || wireText(value.code) === '') return null;
  return {
    code: wireText(value.code),
    zname: wireText(value.zname),
    name: wireText(value.name),
    shortName: wireText(value.shortName),
    englishShortName: wireText(value.englishShortName),
    englishName: wireText(value.englishName),
    imgPath: wireText(value.imgPath),
    imgGrayPath: wireText(value.imgGrayPath),
    imgCartoonPath: wireText(value.imgCartoonPath),
    iconImg: wireText(value.iconImg),
    menuRoute: wireText(value.menuRoute),
    serverId: wireText(value.serverId),
    deployPath: wireText(value.deployPath),
    frontUserType: wireText(value.frontUserType),
    limitUserType: wireText(value.limitUserType),
    appType: wireInteger(value.appType, DESKTOP_APP_TYPE),
    updateStatus: wireInteger(value.updateStatus, 1),
    unReadCodeCount: wireInteger(value.unReadCodeCount, 0),
  };
}

function items(list: unknown): ApplicationItem[] {
  return Array.isArray(list) ? list.map(toApplicationItem).filter((app) => app !== null) : [];
}

/** The icon list: categories (spec §3), or a flat list put under the common-apps category. */
export function toCategories(data: unknown): MenuCategory[] {
  if (!Array.isArray(data)) return [];
  const categorised = data.filter((entry) => isWireRecord(entry) && Array.isArray(entry.iconVMs));
  if (categorised.length === 0) {
    const flat = items(data);
    return flat.length === 0 ? [] : [{ code: COMMON_APPS_CATEGORY, name: '', iconVMs: flat }];
  }
  return categorised.flatMap((entry) => {
    if (!isWireRecord(entry) || !isMenuCategoryCode(entry.code)) return [];
    return [{ code: entry.code, name: wireText(entry.name), iconVMs: items(entry.iconVMs) }];
  });
}

export async function fetchMyApps(
  userId: string,
  unitId: string,
  signal?: AbortSignal,
): Promise<MenuCategory[]> {
  // What the desktop draws first: the call leaves at once (RequestOptions.priority).
  const answer = await http.get(
    DESKTOP_API.myAppIcon,
    { userId, unitId, appType: DESKTOP_APP_TYPE },
    { priority: 'user-blocking', signal },
  );
  return answer.status === SUCCESS_STATUS ? toCategories(answer.data) : [];
}

export async function fetchUnreadCodeCounts(): Promise<AppUnreadCount[]> {
  const answer = await http.get(DESKTOP_API.unreadCodeCount, undefined, {
    noIntercept: true,
  });
  if (answer.status !== SUCCESS_STATUS || !Array.isArray(answer.data)) return [];
  return answer.data.flatMap((entry) =>
    isWireRecord(entry) && wireText(entry.code) !== ''
      ? [{ code: wireText(entry.code), num: wireCount(entry.num) }]
      : [],
  );
}

/** Saves the icon order (reference-server extension of my_app_icon). */
export async function saveAppOrder(codes: readonly string[]): Promise<void> {
  await http.postJson(DESKTOP_API.appIconOrder, { codes });
}

/** Records that the user opened an application (spec §7 user_access_detail, type 1). */
export async function recordAccess(
  user: { userId: string; userType: string; unitId: string },
  app: ApplicationItem,
): Promise<void> {
  await http.post(
    DESKTOP_API.userAccessDetail,
    {
      userId: user.userId,
      userType: user.userType,
      unitId: user.unitId,
      resId: app.code,
      resName: app.name,
      type: 1,
    },
    { noIntercept: true },
  );
}

function toResourceNode(value: unknown): MenuResourceNode | null {
  if (!isWireRecord(value) || wireText(value.code) === '') return null;
  return {
    code: wireText(value.code),
    name: wireText(value.name),
    resourceType: wireInteger(value.resourceType, 0),
    menuRoute: wireText(value.menuRoute),
    children: Array.isArray(value.children)
      ? value.children.map(toResourceNode).filter((node) => node !== null)
      : [],
  };
}

/** The menu resource tree of an application path (types 2 and 4, spec §6, §7). */
export async function fetchResourceTree(code: string): Promise<MenuResourceNode[]> {
  const answer = await http.get(DESKTOP_API.resourceTree, { code }, { noIntercept: true });
  if (answer.status !== SUCCESS_STATUS || !Array.isArray(answer.data)) return [];
  return answer.data.map(toResourceNode).filter((node) => node !== null);
}

/**
 * Desktop constants shared by the client and the server (spec §3, §4, §6, §9), free of schema
 * code so the web build does not carry the schema library.
 */

/** A text in the product's languages; zh-HK is derived from zh where the client needs it. */
export interface BilingualName {
  zh: string;
  en: string;
}

/** The menu category codes of spec §3, in display order (common apps first). */
export const MENU_CATEGORY_CODES = [
  'ZDYYYFL-CYYY',
  'ZDYYYFL-XZBG',
  'ZDYYYFL-JWGL',
  'ZDYYYFL-SJZX',
  'ZDYYYFL-JZGGL',
  'ZDYYYFL-ZZXX',
  'ZDYYYFL-JYKY',
  'ZDYYYFL-XSCZ',
  'ZDYYYFL-ZWHQ',
] as const;
export type MenuCategoryCode = (typeof MENU_CATEGORY_CODES)[number];

/** The common-apps category (spec §3: ZDYYYFL-CYYY). */
export const COMMON_APPS_CATEGORY: MenuCategoryCode = 'ZDYYYFL-CYYY';

/** Each category's name; the wire's `name` is the Chinese one, the client localises by code. */
export const MENU_CATEGORY_NAMES: Record<MenuCategoryCode, BilingualName> = {
  'ZDYYYFL-CYYY': { zh: '常用应用', en: 'Common apps' },
  'ZDYYYFL-XZBG': { zh: '行政办公', en: 'Administration' },
  'ZDYYYFL-JWGL': { zh: '教务管理', en: 'Academic affairs' },
  'ZDYYYFL-SJZX': { zh: '数据中心', en: 'Data centre' },
  'ZDYYYFL-JZGGL': { zh: '教职工管理', en: 'Staff management' },
  'ZDYYYFL-ZZXX': { zh: '自主学习', en: 'Self-directed learning' },
  'ZDYYYFL-JYKY': { zh: '教研科研', en: 'Teaching research' },
  'ZDYYYFL-XSCZ': { zh: '学生成长', en: 'Student growth' },
  'ZDYYYFL-ZWHQ': { zh: '总务后勤', en: 'Logistics' },
};

/** The categories' default names in Traditional Chinese (zh-HK). */
export const MENU_CATEGORY_NAMES_ZH_HK: Record<MenuCategoryCode, string> = {
  'ZDYYYFL-CYYY': '常用應用',
  'ZDYYYFL-XZBG': '行政辦公',
  'ZDYYYFL-JWGL': '教務管理',
  'ZDYYYFL-SJZX': '數據中心',
  'ZDYYYFL-JZGGL': '教職工管理',
  'ZDYYYFL-ZZXX': '自主學習',
  'ZDYYYFL-JYKY': '教研科研',
  'ZDYYYFL-XSCZ': '學生成長',
  'ZDYYYFL-ZWHQ': '總務後勤',
};

export function isMenuCategoryCode(value: unknown): value is MenuCategoryCode {
  return typeof value === 'string' && (MENU_CATEGORY_CODES as readonly string[]).includes(value);
}

/** Application codes with special click behaviour (spec §2 application pages). */
export const SSO_APP_CODES = ['haikang', 'ysy'] as const;
export const NO_ACTION_APP_CODE = 'ykt';
/** Codes the first login page ignores (spec §2). */
export const FIRST_LOGIN_IGNORED_APP_CODES = ['desktop', 'comment'] as const;
/** Applications hidden from units that are not schools (spec §6). */
export const SCHOOL_ONLY_APP_CODES = ['base', 'edu'] as const;
/** updateStatus 0 hides an icon (spec §3). */
export const HIDDEN_UPDATE_STATUS = 0;
/** The appType of desktop applications (spec §7 my_app_icon query appType=1). */
export const DESKTOP_APP_TYPE = 1;

/** Unit types (spec §1). */
export const AREA_UNIT_TYPE = '1';
export const SCHOOL_UNIT_TYPE = '2';

/** Menu resource tree node types (spec §3: 2 is a route). 1 groups, 3 is a page element. */
export const RESOURCE_TYPE_GROUP = 1;
export const RESOURCE_TYPE_ROUTE = 2;
export const RESOURCE_TYPE_ELEMENT = 3;

/**
 * Permission codes of the desktop shell, delivered by GET resource/user/code/tree?code=base to
 * user types 2 and 4 (spec §6). A route or element carrying one is shown only when it is
 * granted; the reference seed grants all of them to teacher01 (admin), fewer to teacher02 and
 * staff01, and `desktopAudit` to nobody.
 */
export const DESKTOP_PERMISSION_APP_CODE = 'base';
export const DESKTOP_PERMISSION_CODES = {
  desktopHome: 'base_desktop_home',
  desktopSetting: 'base_desktop_setting',
  desktopAudit: 'base_desktop_audit',
  moduleExpiry: 'base_module_expiry',
  themeSync: 'base_theme_sync',
  clientDownload: 'base_client_download',
  appOrder: 'base_app_order',
} as const;

/** Importance of a desktop message (spec §3): 1 to 5. */
export const MESSAGE_IMPORTANCE_LEVELS = [1, 2, 3, 4, 5] as const;
export type MessageImportance = (typeof MESSAGE_IMPORTANCE_LEVELS)[number];
/** Importance colours (spec §3): 1 dark grey, 2 black, 3 brown, 4 orange, 5 red. */
export const MESSAGE_IMPORTANCE_COLORS: Record<MessageImportance, string> = {
  1: '#595959',
  2: '#000000',
  3: '#8b4513',
  4: '#fa8c16',
  5: '#f5222d',
};
/** openWay 1 opens the module-expiry dialog (spec §3); other values follow the url. */
export const OPEN_WAY_EXPIRY_DIALOG = 1;
export const OPEN_WAY_URL = 0;

/** The to-do panel's page size (spec §7 popUpBox_select size 3, §9). */
export const TODO_PAGE_SIZE = 3;

/** Module expiry (spec §4, §9): status codes and the 90-day warning window. */
export const EXPIRY_STATUS_IN_USE = 1;
export const EXPIRY_STATUS_SOON = 2;
export const EXPIRY_STATUS_EXPIRED = 3;
export type ExpiryStatus =
  typeof EXPIRY_STATUS_IN_USE | typeof EXPIRY_STATUS_SOON | typeof EXPIRY_STATUS_EXPIRED;
export const EXPIRY_WARNING_WINDOW_MS = 7_776_000_000;
export const EXPIRY_STATUS_TEXTS: Record<ExpiryStatus, BilingualName> = {
  1: { zh: '使用中', en: 'In use' },
  2: { zh: '即将到期', en: 'Soon to expire' },
  3: { zh: '已到期', en: 'Expired' },
};

/** Themes (spec §2, §3, §9). */
export const THEME_NAMES = ['ink', 'lotus', 'cartoon'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const THEME_COLORS: Record<ThemeName, string> = {
  ink: '#A9947F',
  lotus: '#68A265',
  cartoon: '#3ABAE8',
};
export const DEFAULT_THEME_COLOR = '#457CD6';
export const THEME_PRESET_COLORS = [
  { name: 'red', color: '#e31d1a' },
  { name: 'blue', color: '#457CD6' },
  { name: 'cyan', color: '#49C1D9' },
  { name: 'green', color: '#4DB021' },
] as const;
/** A custom theme colour: # and six hex digits (three are accepted too). */
export const THEME_COLOR_PATTERN = '^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$';

/**
 * settheme's `type` (spec §7): `color` saves the caller's own theme; `default_color` saves the
 * unit's theme for all users ("Sync theme"), which only an admin (XX_SYS_ in base) may do.
 */
export const THEME_TYPE_USER = 'color';
export const THEME_TYPE_UNIT = 'default_color';
export const THEME_TYPES = [THEME_TYPE_USER, THEME_TYPE_UNIT] as const;
export type ThemeType = (typeof THEME_TYPES)[number];

/** The admin role and project (spec §6), as in GET role/user/{userId}/XX_SYS_/base. */
export const ADMIN_ROLE_CODE = 'XX_SYS_';
export const ADMIN_ROLE_PROJECT = 'base';

/** The business refusal code of a call on someone else's data (envelope status 403). */
export const FORBIDDEN_CODE = 'forbidden';

/**
 * Viewport modules (spec §2 viewport, §7 module scripts): GET /{app}/manifest.json answers
 * `{ "<fileId>.js": url, "<fileId>.css": url }`. The script mounts itself into the element
 * carrying `data-viewport-file="<fileId>"` (create it before adding the script) and, for later
 * re-mounts, registers `window.edudeskViewport[fileId] = { mount(el), unmount(el) }`.
 */
export const VIEWPORT_FILE_ATTRIBUTE = 'data-viewport-file';
export const VIEWPORT_REGISTRY_GLOBAL = 'edudeskViewport';

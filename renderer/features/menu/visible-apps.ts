import type { ApplicationItem, MenuCategory } from '../../../contract/desktop';
import { splitBilingual } from '../../../contract/envelope';
import {
  HIDDEN_UPDATE_STATUS,
  MENU_CATEGORY_NAMES,
  MENU_CATEGORY_NAMES_ZH_HK,
  SCHOOL_ONLY_APP_CODES,
  SCHOOL_UNIT_TYPE,
} from '../../../contract/desktop-codes';

/** Who is looking at the menu. */
export interface MenuViewer {
  userType: string;
  unitType: string;
}

/**
 * Whether an icon shows (spec §3, §6): updateStatus 0 hides it; the base and edu applications
 * are hidden from units that are not schools; a non-empty limitUserType lists who may see it.
 */
export function isIconVisible(app: ApplicationItem, viewer: MenuViewer): boolean {
  if (app.updateStatus === HIDDEN_UPDATE_STATUS) return false;
  if (
    viewer.unitType !== SCHOOL_UNIT_TYPE &&
    (SCHOOL_ONLY_APP_CODES as readonly string[]).includes(app.code)
  ) {
    return false;
  }
  const limit = app.limitUserType
    .split(/[,\s;|]+/)
    .map((type) => type.trim())
    .filter(Boolean);
  return limit.length === 0 || limit.includes(viewer.userType);
}

/** The visible categories, empty ones dropped. */
export function visibleCategories(
  categories: readonly MenuCategory[],
  viewer: MenuViewer,
): MenuCategory[] {
  return categories
    .map((category) => ({
      ...category,
      iconVMs: category.iconVMs.filter((app) => isIconVisible(app, viewer)),
    }))
    .filter((category) => category.iconVMs.length > 0);
}

/** The flat list (non-teachers see no categories, spec §2), each application once. */
export function flatApps(categories: readonly MenuCategory[]): ApplicationItem[] {
  const seen = new Set<string>();
  const apps: ApplicationItem[] = [];
  for (const category of categories) {
    for (const app of category.iconVMs) {
      if (seen.has(app.code)) continue;
      seen.add(app.code);
      apps.push(app);
    }
  }
  return apps;
}

/**
 * The name an application goes by on every screen (icons, menus, search, message sources): the
 * English short name (or name) in English, the short name otherwise. Show it through
 * use-app-names.ts, which gives zh-HK its Traditional characters.
 */
export function appName(app: ApplicationItem, lang: string): string {
  if (lang === 'en') return app.englishShortName || app.englishName || app.shortName || app.name;
  return app.shortName || app.name || app.zname;
}

/**
 * The application a server text names (a message's or to-do's source is the application's
 * Chinese name, or the Chinese half of a bilingual text), if the user has it.
 */
export function appNamedBy(
  apps: readonly ApplicationItem[],
  text: string,
): ApplicationItem | undefined {
  const chinese = splitBilingual(text, 'zh-CN').trim();
  if (chinese === '') return undefined;
  return apps.find((app) => [app.zname, app.name, app.shortName].includes(chinese));
}

/** Its full name in the same language: the English name in English, the Chinese otherwise. */
export function appFullName(app: ApplicationItem, lang: string): string {
  if (lang === 'en') return app.englishName || app.englishShortName || app.zname || app.name;
  return app.zname || app.name || app.shortName;
}

/** The icon image for a theme: gray and cartoon variants where the theme asks for them. */
export function appImage(app: ApplicationItem, variant: 'colour' | 'gray' | 'cartoon'): string {
  if (variant === 'cartoon' && app.imgCartoonPath) return app.imgCartoonPath;
  if (variant === 'gray' && app.imgGrayPath) return app.imgGrayPath;
  return app.imgPath || app.iconImg;
}

/** Moves one code in an ordered list (drag and drop, or the keyboard alternative). */
export function moveCode(codes: readonly string[], code: string, toIndex: number): string[] {
  const from = codes.indexOf(code);
  if (from < 0) return [...codes];
  const next = codes.filter((one) => one !== code);
  const clamped = Math.max(0, Math.min(toIndex, next.length));
  next.splice(clamped, 0, code);
  return next;
}

/** Up to 10 recent applications per user (spec §9), most recent first. */
export const RECENT_APPS_LIMIT = 10;

export function rememberRecent(recent: readonly string[], code: string): string[] {
  return [code, ...recent.filter((one) => one !== code)].slice(0, RECENT_APPS_LIMIT);
}

/** A category's name: English by its code in English, the server's (Chinese) name otherwise. */
export function categoryName(category: MenuCategory, lang: string): string {
  const names = MENU_CATEGORY_NAMES[category.code];
  if (lang === 'en') return names.en;
  const name = category.name || names.zh;
  // A unit's own name for a category stays as it wrote it; the default one is said in zh-HK.
  return lang === 'zh-HK' && name === names.zh ? MENU_CATEGORY_NAMES_ZH_HK[category.code] : name;
}

import { MENU_CATEGORY_CODES, type MenuCategoryCode } from './desktop-codes';
import { isJsonObject } from './deep-merge';

/**
 * An application's manifest (`renderer/apps/<code>/app.json`, docs/ph.md "The manifest"): how the
 * platform learns of an application. Demo mode registers the manifests of the web build at start
 * (server/apps/register-app.ts); production registers one with `admin add-app`.
 */
export interface AppManifest {
  code: string;
  name: { 'zh-CN': string; 'zh-HK': string; en: string };
  category: MenuCategoryCode;
  /** The module (micro-service) serving it: what licences name. The code when absent. */
  serverId: string;
  /** User types that see the icon (spec §1: 1 bureau staff … 5 parents). */
  userTypes: number[];
  /** Which user types open which page (spec §2): pre, tm (types 2, 4, 5) or spm (types 1, 3). */
  pages: { pre: number[]; tm: number[]; spm: number[] };
  /** The icon's colour (a #rrggbb); its glyph is the first character of the Chinese name. */
  icon: { color: string };
  /** The permission codes (spec §6): a route when it has one, else an element code. */
  menu: { code: string; name: string; route: string }[];
}

/** Application codes: lowercase letters, digits and '-', starting with a letter. */
export const APP_CODE = /^[a-z][a-z0-9-]{1,30}$/;

/**
 * Codes an application may not take: the platform's own API and page folders (an application's
 * API is `/api/<code>/`, docs/ph.md). The platform catalogue's codes (server/db/seed-desktop-data.ts)
 * are refused when registering (server/apps/register-app.ts).
 */
export const RESERVED_APP_CODES: ReadonlySet<string> = new Set([
  'uaa',
  'base',
  'common',
  'pages',
  'area',
  'api',
  'apps',
  'login',
  'redirect',
  'oauth',
  'sso',
  'social',
  'storage',
  'upload',
  'file',
  'files',
  'face',
  'speech',
  'metrics',
  'health',
  'version',
  'help',
  'assets',
]);

const USER_TYPES = [1, 2, 3, 4, 5] as const;
const SPM_TYPES: ReadonlySet<number> = new Set([1, 3]);
const COLOR = /^#[0-9a-fA-F]{6}$/;
const ROUTE = /^\/[A-Za-z0-9_/-]{0,80}$/;
/** Characters a name never shows (controls, invisible formatting) and the bilingual separator. */
const HIDDEN = /[\p{C}\p{Zl}\p{Zp}]/u;
const KEYS = [
  'code',
  'name',
  'category',
  'serverId',
  'userTypes',
  'pages',
  'icon',
  'menu',
  'description',
];

/** A manifest refused: every reason, one a line. */
export class ManifestError extends Error {
  constructor(readonly reasons: string[]) {
    super(`app.json is not valid:\n- ${reasons.join('\n- ')}`);
  }
}

function nameOf(value: unknown, field: string, problems: string[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${field} must be a non-empty text`);
    return '';
  }
  const name = value.trim();
  if (name.length > 40 || HIDDEN.test(name) || name.includes('|||')) {
    problems.push(`${field} must be at most 40 printable characters, without "|||"`);
  }
  return name;
}

function typesOf(value: unknown, field: string, problems: string[]): number[] {
  if (value === undefined) return [];
  if (
    !Array.isArray(value) ||
    !value.every((type) => (USER_TYPES as readonly unknown[]).includes(type))
  ) {
    problems.push(`${field} must be a list of user types 1 to 5`);
    return [];
  }
  return [...new Set(value as number[])].sort();
}

/** Reads and checks a manifest strictly: unknown fields, wrong types and bad codes refused. */
export function parseManifest(input: unknown): AppManifest {
  const problems: string[] = [];
  if (!isJsonObject(input)) throw new ManifestError(['the manifest must be a JSON object']);
  for (const key of Object.keys(input)) {
    if (!KEYS.includes(key)) problems.push(`unknown field "${key}"`);
  }
  const code = typeof input.code === 'string' ? input.code : '';
  if (!APP_CODE.test(code)) {
    problems.push('code must be 2–31 lowercase letters, digits or "-", starting with a letter');
  } else if (RESERVED_APP_CODES.has(code)) {
    problems.push(`code "${code}" is reserved by the platform`);
  }
  const names = isJsonObject(input.name) ? input.name : {};
  if (!isJsonObject(input.name)) problems.push('name must be { "zh-CN", "zh-HK", "en" }');
  const name = {
    'zh-CN': nameOf(names['zh-CN'], 'name.zh-CN', problems),
    'zh-HK': nameOf(names['zh-HK'], 'name.zh-HK', problems),
    en: nameOf(names.en, 'name.en', problems),
  };
  const category = input.category ?? 'ZDYYYFL-CYYY';
  if (!(MENU_CATEGORY_CODES as readonly unknown[]).includes(category)) {
    problems.push(`category must be one of ${MENU_CATEGORY_CODES.join(', ')}`);
  }
  const serverId = input.serverId ?? code;
  if (typeof serverId !== 'string' || !APP_CODE.test(serverId)) {
    problems.push('serverId must be like a code (lowercase letters, digits, "-")');
  }
  const userTypes = typesOf(input.userTypes, 'userTypes', problems);
  if (userTypes.length === 0) problems.push('userTypes must name at least one user type');
  const pagesInput = isJsonObject(input.pages) ? input.pages : {};
  if (!isJsonObject(input.pages)) problems.push('pages must be { "pre": [...], "tm", "spm" }');
  for (const key of Object.keys(pagesInput)) {
    if (!['pre', 'tm', 'spm'].includes(key)) problems.push(`pages: unknown page "${key}"`);
  }
  const pages = {
    pre: typesOf(pagesInput.pre, 'pages.pre', problems),
    tm: typesOf(pagesInput.tm, 'pages.tm', problems),
    spm: typesOf(pagesInput.spm, 'pages.spm', problems),
  };
  if (pages.spm.some((type) => !SPM_TYPES.has(type))) {
    problems.push('pages.spm is for user types 1 and 3 only (spec §2)');
  }
  if (pages.tm.some((type) => SPM_TYPES.has(type))) {
    problems.push('pages.tm is not for user types 1 and 3: they open spm (spec §2)');
  }
  for (const type of userTypes) {
    const count = [pages.pre, pages.tm, pages.spm].filter((list) => list.includes(type)).length;
    if (count !== 1) problems.push(`user type ${String(type)} must open exactly one page`);
  }
  const icon = isJsonObject(input.icon) ? input.icon : {};
  const color = icon.color ?? '#3A63AD';
  if (
    typeof color !== 'string' ||
    !COLOR.test(color) ||
    Object.keys(icon).some((k) => k !== 'color')
  ) {
    problems.push('icon must be { "color": "#rrggbb" }');
  }
  const menu: AppManifest['menu'] = [];
  if (input.menu !== undefined && !Array.isArray(input.menu)) problems.push('menu must be a list');
  const seen = new Set<string>();
  for (const [index, item] of (Array.isArray(input.menu) ? input.menu : []).entries()) {
    const field = `menu[${String(index)}]`;
    if (!isJsonObject(item)) {
      problems.push(`${field} must be { "code", "name", "route"? }`);
      continue;
    }
    const itemCode = typeof item.code === 'string' ? item.code : '';
    if (!itemCode.startsWith(`${code}_`) || !/^[a-z0-9_-]{1,64}$/.test(itemCode)) {
      problems.push(
        `${field}.code must start with "${code}_" (lowercase letters, digits, _ and -)`,
      );
    } else if (seen.has(itemCode)) {
      problems.push(`${field}.code "${itemCode}" is listed twice`);
    }
    seen.add(itemCode);
    const route = item.route ?? '';
    if (typeof route !== 'string' || (route !== '' && !ROUTE.test(route))) {
      problems.push(`${field}.route must be a hash route such as "/list"`);
    }
    for (const key of Object.keys(item)) {
      if (!['code', 'name', 'route'].includes(key))
        problems.push(`${field}: unknown field "${key}"`);
    }
    menu.push({
      code: itemCode,
      name: nameOf(item.name, `${field}.name`, problems),
      route: typeof route === 'string' ? route : '',
    });
  }
  if (input.description !== undefined && typeof input.description !== 'string') {
    problems.push('description must be a text');
  }
  if (problems.length > 0) throw new ManifestError(problems);
  return {
    code,
    name,
    category: category as MenuCategoryCode,
    serverId: serverId as string,
    userTypes,
    pages,
    icon: { color: color as string },
    menu,
  };
}

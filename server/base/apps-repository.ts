import type {
  ApplicationItem,
  AppUnreadCount,
  MenuCategory,
  ModuleName,
} from '../../contract/desktop';
import { MENU_CATEGORY_CODES, MENU_CATEGORY_NAMES } from '../../contract/desktop-codes';
import { appIconPath } from '../../contract/api-paths';
import type { Sql } from '../db/sql';

interface AppRow {
  code: string;
  category_code: string;
  zname: string;
  name: string;
  short_name: string;
  english_short_name: string;
  english_name: string;
  menu_route: string;
  server_id: string;
  deploy_path: string;
  front_user_type: string;
  limit_user_type: string;
  app_type: number;
  update_status: number;
  unread: number;
}

/** A stored application with its category, as the page routes and the menu need it. */
export interface StoredApp {
  unitId: number;
  code: string;
  serverId: string;
  deployPath: string;
  zname: string;
  englishName: string;
  menuRoute: string;
  frontUserType: string;
}

function toItem(row: AppRow): ApplicationItem {
  return {
    code: row.code,
    zname: row.zname,
    name: row.name,
    shortName: row.short_name,
    englishShortName: row.english_short_name,
    englishName: row.english_name,
    imgPath: appIconPath(row.code),
    imgGrayPath: appIconPath(row.code, 'gray'),
    imgCartoonPath: appIconPath(row.code, 'cartoon'),
    iconImg: appIconPath(row.code),
    menuRoute: row.menu_route,
    serverId: row.server_id,
    deployPath: row.deploy_path,
    frontUserType: row.front_user_type,
    limitUserType: row.limit_user_type,
    appType: row.app_type,
    updateStatus: row.update_status,
    unReadCodeCount: row.unread,
  };
}

// Order: the user's saved position first (apps they never placed follow), then the unit's.
// limit_user_type is a comma-separated list of user types: ',2,4,' holds ',2,'. The user type
// is digits only (categoriesFor), so it holds no LIKE wildcard; the CAST tells PostgreSQL the
// parameter's type.
const FOR_USER = `SELECT a.code, a.category_code, a.zname, a.name, a.short_name,
    a.english_short_name, a.english_name, a.menu_route, a.server_id, a.deploy_path,
    a.front_user_type, a.limit_user_type, a.app_type, a.update_status,
    COALESCE(c.num, 0) AS unread
  FROM desktop_apps a
  LEFT JOIN user_app_order o ON o.user_id = @userId AND o.code = a.code
  LEFT JOIN app_unread_counts c ON c.user_id = @userId AND c.code = a.code
  WHERE a.unit_id = @unitId AND a.app_type = @appType
    AND (a.limit_user_type = ''
      OR (',' || a.limit_user_type || ',') LIKE ('%,' || CAST(@userType AS TEXT) || ',%'))
  ORDER BY CASE WHEN o.position IS NULL THEN 1 ELSE 0 END, o.position, a.sort_order, a.code`;
const UNIT_CODES = 'SELECT code FROM desktop_apps WHERE unit_id = ?';
const CLEAR_ORDER = 'DELETE FROM user_app_order WHERE user_id = ?';
// ON CONFLICT: two saves of one user at once (another node) end without a key violation.
const INSERT_ORDER = `INSERT INTO user_app_order (user_id, code, position) VALUES (?, ?, ?)
  ON CONFLICT (user_id, code) DO UPDATE SET position = excluded.position`;
const UNREAD =
  'SELECT code, num FROM app_unread_counts WHERE user_id = ? AND num > 0 ORDER BY code';
const MODULES = `SELECT DISTINCT a.server_id, COALESCE(m.name, a.server_id) AS name,
    COALESCE(m.english_name, '') AS english_name
  FROM desktop_apps a LEFT JOIN desktop_modules m ON m.server_id = a.server_id
  WHERE a.unit_id = ? ORDER BY a.server_id`;
const ALL = `SELECT unit_id, code, server_id, deploy_path, zname, english_name, menu_route,
    front_user_type FROM desktop_apps ORDER BY unit_id, sort_order, code`;

/** The unit's desktop applications, each user's icon order and unread counts. */
export class AppsRepository {
  /**
   * `hiddenCodes`: applications the desktop never lists on this server (single-sign-on partners
   * it does not offer: server/sso/sso-partners.ts).
   */
  constructor(
    private readonly sql: Sql,
    private readonly hiddenCodes: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * The icons a user may see (limitUserType lists their type, or is empty), grouped by
   * category in the spec's order, each category in the user's saved order. Icons with
   * updateStatus 0 are included: hiding them is the client's rule (spec §3).
   */
  async categoriesFor(
    userId: number,
    userType: number,
    unitId: number,
    appType: number,
  ): Promise<MenuCategory[]> {
    // An integer's digits (and sign): no % or _ that LIKE would read as a wildcard.
    if (!Number.isSafeInteger(userType)) throw new Error('A user type is an integer.');
    const rows = await this.sql.all<AppRow>(FOR_USER, {
      userId,
      unitId,
      appType,
      userType: String(userType),
    });
    const byCategory = new Map<string, ApplicationItem[]>();
    for (const row of rows) {
      if (this.hiddenCodes.has(row.code)) continue;
      const list = byCategory.get(row.category_code) ?? [];
      list.push(toItem(row));
      byCategory.set(row.category_code, list);
    }
    const categories: MenuCategory[] = [];
    for (const code of MENU_CATEGORY_CODES) {
      const iconVMs = byCategory.get(code);
      if (iconVMs && iconVMs.length > 0) {
        categories.push({ code, name: MENU_CATEGORY_NAMES[code].zh, iconVMs });
      }
    }
    return categories;
  }

  /** Codes of the unit's applications. */
  async codesOf(unitId: number): Promise<Set<string>> {
    const rows = await this.sql.all<{ code: string }>(UNIT_CODES, [unitId]);
    return new Set(rows.map((row) => row.code));
  }

  /** Replaces the user's icon order (an empty list goes back to the unit's order). */
  async saveOrder(userId: number, codes: readonly string[]): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.run(CLEAR_ORDER, [userId]);
      for (const [position, code] of codes.entries()) {
        await tx.run(INSERT_ORDER, [userId, code, position]);
      }
    });
  }

  async unreadCounts(userId: number): Promise<AppUnreadCount[]> {
    const rows = await this.sql.all<{ code: string; num: number }>(UNREAD, [userId]);
    return rows.map((row) => ({ code: row.code, num: row.num }));
  }

  /** The modules (serverIds) the unit's applications run on, with their names. */
  async modulesOf(unitId: number): Promise<ModuleName[]> {
    const rows = await this.sql.all<{ server_id: string; name: string; english_name: string }>(
      MODULES,
      [unitId],
    );
    return rows.map((row) => ({
      code: row.server_id,
      name: row.name,
      englishName: row.english_name,
    }));
  }

  /** Every unit's applications (read once, for the page routes). */
  async allApps(): Promise<StoredApp[]> {
    const rows = await this.sql.all<StoredAppRow>(ALL);
    return rows.map((row) => ({
      unitId: row.unit_id,
      code: row.code,
      serverId: row.server_id,
      deployPath: row.deploy_path,
      zname: row.zname,
      englishName: row.english_name,
      menuRoute: row.menu_route,
      frontUserType: row.front_user_type,
    }));
  }
}

interface StoredAppRow {
  unit_id: number;
  code: string;
  server_id: string;
  deploy_path: string;
  zname: string;
  english_name: string;
  menu_route: string;
  front_user_type: string;
}

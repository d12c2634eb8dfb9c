import type { Database, Statement } from 'better-sqlite3';
import type {
  ApplicationItem,
  AppUnreadCount,
  MenuCategory,
  ModuleName,
} from '../../contract/desktop';
import { MENU_CATEGORY_CODES, MENU_CATEGORY_NAMES } from '../../contract/desktop-codes';
import { appIconPath } from '../../contract/api-paths';

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

/** The unit's desktop applications, each user's icon order and unread counts. */
export class AppsRepository {
  private readonly forUser: Statement<
    [{ userId: number; unitId: number; appType: number; userType: string }],
    AppRow
  >;
  private readonly unitCodes: Statement<[number], { code: string }>;
  private readonly clearOrder: Statement<[number]>;
  private readonly insertOrder: Statement<[number, string, number]>;
  private readonly unread: Statement<[number], { code: string; num: number }>;
  private readonly modules: Statement<
    [number],
    { server_id: string; name: string; english_name: string }
  >;
  private readonly all: Statement<[], StoredAppRow>;

  constructor(private readonly db: Database) {
    // Order: the user's saved position first (apps they never placed follow), then the unit's.
    this.forUser = db.prepare(
      `SELECT a.code, a.category_code, a.zname, a.name, a.short_name, a.english_short_name,
         a.english_name, a.menu_route, a.server_id, a.deploy_path, a.front_user_type,
         a.limit_user_type, a.app_type, a.update_status, COALESCE(c.num, 0) AS unread
       FROM desktop_apps a
       LEFT JOIN user_app_order o ON o.user_id = @userId AND o.code = a.code
       LEFT JOIN app_unread_counts c ON c.user_id = @userId AND c.code = a.code
       WHERE a.unit_id = @unitId AND a.app_type = @appType
         AND (a.limit_user_type = '' OR instr(',' || a.limit_user_type || ',', ',' || @userType || ','))
       ORDER BY o.position IS NULL, o.position, a.sort_order, a.code`,
    );
    this.unitCodes = db.prepare('SELECT code FROM desktop_apps WHERE unit_id = ?');
    this.clearOrder = db.prepare('DELETE FROM user_app_order WHERE user_id = ?');
    this.insertOrder = db.prepare(
      'INSERT INTO user_app_order (user_id, code, position) VALUES (?, ?, ?)',
    );
    this.unread = db.prepare(
      'SELECT code, num FROM app_unread_counts WHERE user_id = ? AND num > 0 ORDER BY code',
    );
    this.modules = db.prepare(
      `SELECT DISTINCT a.server_id, COALESCE(m.name, a.server_id) AS name,
         COALESCE(m.english_name, '') AS english_name
       FROM desktop_apps a LEFT JOIN desktop_modules m ON m.server_id = a.server_id
       WHERE a.unit_id = ? ORDER BY a.server_id`,
    );
    this.all = db.prepare(
      `SELECT unit_id, code, server_id, deploy_path, zname, english_name, menu_route,
         front_user_type FROM desktop_apps ORDER BY unit_id, sort_order`,
    );
  }

  /**
   * The icons a user may see (limitUserType lists their type, or is empty), grouped by
   * category in the spec's order, each category in the user's saved order. Icons with
   * updateStatus 0 are included: hiding them is the client's rule (spec §3).
   */
  categoriesFor(userId: number, userType: number, unitId: number, appType: number): MenuCategory[] {
    const rows = this.forUser.all({ userId, unitId, appType, userType: String(userType) });
    const byCategory = new Map<string, ApplicationItem[]>();
    for (const row of rows) {
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
  codesOf(unitId: number): Set<string> {
    return new Set(this.unitCodes.all(unitId).map((row) => row.code));
  }

  /** Replaces the user's icon order (an empty list goes back to the unit's order). */
  saveOrder(userId: number, codes: readonly string[]): void {
    this.db.transaction(() => {
      this.clearOrder.run(userId);
      codes.forEach((code, position) => this.insertOrder.run(userId, code, position));
    })();
  }

  unreadCounts(userId: number): AppUnreadCount[] {
    return this.unread.all(userId).map((row) => ({ code: row.code, num: row.num }));
  }

  /** The modules (serverIds) the unit's applications run on, with their names. */
  modulesOf(unitId: number): ModuleName[] {
    return this.modules
      .all(unitId)
      .map((row) => ({ code: row.server_id, name: row.name, englishName: row.english_name }));
  }

  /** Every unit's applications (read once, for the page routes). */
  allApps(): StoredApp[] {
    return this.all.all().map((row) => ({
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

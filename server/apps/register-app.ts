import fs from 'node:fs';
import path from 'node:path';
import { RESOURCE_TYPE_ELEMENT, RESOURCE_TYPE_ROUTE } from '../../contract/desktop-codes';
import type { Sql } from '../db/sql';
import { BUREAU_APPS, SCHOOL_APPS } from '../db/seed-desktop-data';
import { type AppManifest, ManifestError, parseManifest } from '../../contract/app-manifest';

/**
 * Registers applications from their manifests (server/apps/app-manifest.ts): the icon on the
 * desktops of the user types it serves (desktop_apps, one row per unit), its module (what
 * licences name) and its permission codes (menu_resources). Registering again updates the same
 * rows, so a manifest may be registered at every start.
 */

/** Where the web build keeps the applications (`npm run build`, vite.apps.config.ts). */
export const WEB_APPS_FOLDER = path.join('common', 'apps');

/**
 * The bundle of an application of the web build, in its folder beside its app.json: the folder is
 * named after the application's code, but for Notices'.
 */
export function appScriptPath(folder: string): string {
  return `/common/apps/${folder}/${folder}.js`;
}

/** Notices, the catalogue application built from renderer/apps/notices/. */
export const NOTICES_CODE = 'tzgg';
export const NOTICES_SCRIPT_PATH = appScriptPath('notices');

/** A demo licence runs a year ahead of the clock (as the seed's do: end_offset_ms). */
const DEMO_LICENCE_MS = 365 * 24 * 3600 * 1000;

export interface RegisterOptions {
  /** The units to register it for; all units when absent. */
  unitIds?: readonly number[];
  /**
   * Demo mode: also a licence for its module and its permission codes for the units' users of the
   * types it serves, so the demo accounts open it at once. Production grants them separately.
   */
  demo?: boolean;
}

async function unitIdsOf(sql: Sql, wanted: readonly number[] | undefined): Promise<number[]> {
  const rows = await sql.all<{ id: number }>('SELECT id FROM units ORDER BY id');
  const all = rows.map((row) => row.id);
  if (wanted === undefined) return all;
  for (const id of wanted) {
    if (!all.includes(id)) throw new Error(`Unit ${String(id)} does not exist`);
  }
  return [...wanted];
}

/** The platform catalogue's own applications: the seed writes them, a manifest may not. */
export function isCatalogueApp(code: string): boolean {
  return [...SCHOOL_APPS, ...BUREAU_APPS].some((app) => app.code === code);
}

/** Writes one application; the caller runs it in a transaction. Answers the units written. */
export async function registerApp(
  tx: Sql,
  app: AppManifest,
  options: RegisterOptions = {},
): Promise<number[]> {
  if (isCatalogueApp(app.code)) {
    throw new ManifestError([`code "${app.code}" is one of the platform's own applications`]);
  }
  const unitIds = await unitIdsOf(tx, options.unitIds);
  await tx.run(
    `INSERT INTO desktop_modules (server_id, name, english_name) VALUES (?, ?, ?)
     ON CONFLICT (server_id) DO NOTHING`,
    [app.serverId, app.name['zh-CN'], app.name.en],
  );
  const resourceIds: number[] = [];
  for (const [order, item] of app.menu.entries()) {
    const type = item.route === '' ? RESOURCE_TYPE_ELEMENT : RESOURCE_TYPE_ROUTE;
    await tx.run(
      `INSERT INTO menu_resources (app_code, code, name, parent_id, resource_type, menu_route, sort_order)
       VALUES (?, ?, ?, NULL, ?, ?, ?)
       ON CONFLICT (app_code, code) DO UPDATE SET name = excluded.name,
         resource_type = excluded.resource_type, menu_route = excluded.menu_route,
         sort_order = excluded.sort_order`,
      [app.code, item.code, item.name, type, item.route, order],
    );
    const row = await tx.get<{ id: number }>(
      'SELECT id FROM menu_resources WHERE app_code = ? AND code = ?',
      [app.code, item.code],
    );
    if (row) resourceIds.push(row.id);
  }
  const limitUserType = app.userTypes.join(',');
  const frontUserType = app.pages.pre.join(',');
  for (const unitId of unitIds) {
    const last = await tx.get<{ n: number | null }>(
      'SELECT MAX(sort_order) AS n FROM desktop_apps WHERE unit_id = ?',
      [unitId],
    );
    await tx.run(
      `INSERT INTO desktop_apps (unit_id, code, category_code, zname, name, short_name,
         english_short_name, english_name, menu_route, server_id, deploy_path, front_user_type,
         limit_user_type, app_type, update_status, sort_order)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?, '', ?, ?, 1, 1, ?)
       ON CONFLICT (unit_id, code) DO UPDATE SET category_code = excluded.category_code,
         zname = excluded.zname, name = excluded.name, short_name = excluded.short_name,
         english_short_name = excluded.english_short_name, english_name = excluded.english_name,
         server_id = excluded.server_id, front_user_type = excluded.front_user_type,
         limit_user_type = excluded.limit_user_type`,
      [
        unitId,
        app.code,
        app.category,
        app.name['zh-CN'],
        app.name['zh-CN'],
        app.name['zh-CN'],
        app.name.en,
        app.name.en,
        app.serverId,
        frontUserType,
        limitUserType,
        (last?.n ?? -1) + 1,
      ],
    );
    if (options.demo !== true) continue;
    await tx.run(
      `INSERT INTO module_licences (unit_id, server_id, name, end_time, end_offset_ms)
       VALUES (?, ?, ?, NULL, ?) ON CONFLICT (unit_id, server_id) DO NOTHING`,
      [unitId, app.serverId, app.name['zh-CN'], DEMO_LICENCE_MS],
    );
    const users = await tx.all<{ id: number; user_type: number }>(
      'SELECT id, user_type FROM users WHERE unit_id = ?',
      [unitId],
    );
    for (const user of users) {
      if (!app.userTypes.includes(user.user_type)) continue;
      for (const resourceId of resourceIds) {
        await tx.run(
          `INSERT INTO user_menu_grants (user_id, resource_id) VALUES (?, ?)
           ON CONFLICT (user_id, resource_id) DO NOTHING`,
          [user.id, resourceId],
        );
      }
    }
  }
  return unitIds;
}

/** Reads and checks a manifest file; a bad one throws ManifestError naming the file. */
export function readManifestFile(file: string): AppManifest {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ManifestError([`${file}: ${reason}`]);
  }
  return parseManifest(json);
}

/**
 * The applications of the web build: every `common/apps/<code>/app.json` whose folder has the
 * code's bundle. A folder whose manifest is broken or names another code is skipped with a
 * warning (`warn`), so one application never stops the server.
 */
export function webBuildApps(webRoot: string, warn: (line: string) => void): AppManifest[] {
  const folder = path.join(webRoot, WEB_APPS_FOLDER);
  let names: string[];
  try {
    names = fs.readdirSync(folder).sort();
  } catch {
    return [];
  }
  const apps: AppManifest[] = [];
  for (const name of names) {
    const file = path.join(folder, name, 'app.json');
    if (!fs.existsSync(file)) continue;
    try {
      const app = readManifestFile(file);
      // The catalogue's applications come with the seed: Notices' manifest (renderer/apps/notices)
      // describes one of them; another application may not take a catalogue code.
      if (isCatalogueApp(app.code)) {
        if (app.code !== NOTICES_CODE) warn(`${file}: "${app.code}" is a platform application`);
        continue;
      }
      if (app.code !== name || !fs.existsSync(path.join(folder, name, `${name}.js`))) {
        warn(`${file}: the folder must be named after the code and hold ${name}.js`);
        continue;
      }
      apps.push(app);
    } catch (error) {
      warn(error instanceof Error ? error.message : String(error));
    }
  }
  return apps;
}

import { ManifestError } from '../../contract/app-manifest';
import { readManifestFile, registerApp } from '../apps/register-app';
import type { Sql } from '../db/sql';
import { type CommandResult, refuse, text } from './admin-common';

/**
 * `add-app --manifest app.json [--unit ID]` (docs/ph.md "Deploy to the platform"): registers an
 * application from its manifest for one unit or every unit: its icon on the desktops of the user
 * types it serves, its module and its permission codes. The licence (grant-module) and the
 * users' permission codes are granted apart. The server reads applications at start: restart it.
 */
export async function addApp(
  sql: Sql,
  input: { manifest: string; unitId?: number },
): Promise<CommandResult> {
  let units: number[];
  let manifest;
  try {
    manifest = readManifestFile(input.manifest);
    const app = manifest;
    units = await sql.transaction((tx) =>
      registerApp(tx, app, input.unitId === undefined ? {} : { unitIds: [input.unitId] }),
    );
  } catch (error) {
    if (error instanceof ManifestError) {
      throw refuse(error.message, `app.json 无效：\n- ${error.reasons.join('\n- ')}`);
    }
    if (error instanceof Error && /^Unit \d+ does not exist$/.test(error.message)) {
      throw refuse(error.message, `单位 ${String(input.unitId)} 不存在`);
    }
    throw error;
  }
  const list = units.join(', ');
  return {
    lines: [
      text(
        `Registered ${manifest.code} (${manifest.name.en}) for unit(s) ${list}. Next: grant-module ${manifest.serverId} --unit ID --until YYYY-MM-DD, then restart the server.`,
        `已为单位 ${list} 登记应用 ${manifest.code}（${manifest.name['zh-CN']}）。下一步：grant-module ${manifest.serverId} --unit 单位ID --until YYYY-MM-DD，然后重启服务器。`,
      ),
    ],
  };
}

import { OPEN_WAY_URL } from '../../contract/desktop-codes';
import { appPageUrl, idPathFor, rootFor } from '../apps/app-urls';
import type { Sql } from '../db/sql';
import { type AdminContext, type CommandResult, findUser, refuse, text } from './admin-common';

/**
 * A desktop message or to-do item (the bell and the to-do panel: server/base/message-routes.ts),
 * stored as the platform's applications leave one: the module's name, a link, unread.
 */

const MESSAGE_MAX_LENGTH = 500;
const DEFAULT_IMPORTANCE = 3;

export async function sendMessage(
  sql: Sql,
  input: {
    user: string;
    text: string;
    todo?: boolean;
    module?: string;
    url?: string;
    importance?: number;
  },
  context: Pick<AdminContext, 'now'>,
): Promise<CommandResult & { messageId: number }> {
  const body = input.text.trim();
  if (body === '' || body.length > MESSAGE_MAX_LENGTH) {
    throw refuse(
      `--text must be 1 to ${String(MESSAGE_MAX_LENGTH)} characters`,
      `--text 须为 1 至 ${String(MESSAGE_MAX_LENGTH)} 个字符`,
      2,
    );
  }
  const importance = input.importance ?? DEFAULT_IMPORTANCE;
  if (!Number.isInteger(importance) || importance < 1 || importance > 5) {
    throw refuse('--importance must be 1 to 5', '--importance 须为 1 至 5', 2);
  }
  if (input.url !== undefined && !/^(https?:\/\/|\/)\S*$/.test(input.url)) {
    throw refuse(
      '--url must be an http(s) address or a path on the platform (/…)',
      '--url 须为 http(s) 地址或平台内路径（/…）',
      2,
    );
  }
  const user = await findUser(sql, input.user);
  let moduleName = '基础平台';
  let url = input.url ?? '';
  if (input.module !== undefined) {
    const app = await sql.get<{
      zname: string;
      server_id: string;
      deploy_path: string;
      menu_route: string;
      front_user_type: string;
      unit_type: number;
    }>(
      `SELECT a.zname, a.server_id, a.deploy_path, a.menu_route, a.front_user_type, u.unit_type
       FROM desktop_apps a JOIN units u ON u.id = a.unit_id WHERE a.unit_id = ? AND a.code = ?`,
      [user.unit_id, input.module],
    );
    if (!app) {
      throw refuse(
        `The unit of "${user.login_name}" has no application "${input.module}"`,
        `“${user.login_name}”所在单位没有应用“${input.module}”`,
      );
    }
    moduleName = app.zname;
    // Without --url, the application's page, as its own messages link to it.
    if (input.url === undefined) {
      url = app.menu_route.startsWith('http')
        ? app.menu_route
        : appPageUrl({
            root: app.deploy_path === '' ? rootFor(app.unit_type) : app.deploy_path,
            serverId: app.server_id,
            code: input.module,
            idPath: idPathFor(user.user_type, app.front_user_type),
          });
    }
  }
  const kind = input.todo === true ? 'todo' : 'message';
  const row = await sql.transaction((tx) =>
    tx.get<{ id: number }>(
      `INSERT INTO desktop_messages (user_id, kind, message_meno, importance, module, created_at,
         url, open_way, content, read_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', NULL) RETURNING id`,
      [user.id, kind, body, importance, moduleName, context.now(), url, OPEN_WAY_URL],
    ),
  );
  const who = `"${user.login_name}" (${user.real_name})`;
  const whoZh = `“${user.login_name}”（${user.real_name}）`;
  return {
    messageId: Number(row?.id),
    lines: [
      kind === 'todo'
        ? text(`Sent a to-do item to ${who}.`, `已向${whoZh}发送待办事项。`)
        : text(`Sent a message to ${who}.`, `已向${whoZh}发送消息。`),
    ],
  };
}

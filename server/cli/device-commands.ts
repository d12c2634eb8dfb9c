import { tokenHash } from '../auth/tokens';
import type { Sql } from '../db/sql';
import {
  type AdminContext,
  type CommandResult,
  findUser,
  PARENT_TYPE,
  refuse,
  STUDENT_TYPE,
  text,
} from './admin-common';

/**
 * Desktop installations that sign a staff account in without a password (spec §4 step 2, the
 * device login: server/uaa/client-login-routes.ts). The client id is a credential: only its
 * SHA-256 is stored, as the seed stores the demo client's.
 */

/** Long enough not to be guessed; the login call takes printable ASCII up to 256 characters. */
const CLIENT_ID = /^[\x21-\x7e]{16,256}$/;

export async function registerDevice(
  sql: Sql,
  input: { clientId: string; user: string },
  context: Pick<AdminContext, 'now'>,
): Promise<CommandResult & { userId: number; created: boolean }> {
  if (!CLIENT_ID.test(input.clientId)) {
    throw refuse(
      'The client id must be 16 to 256 printable characters without spaces (a random one: openssl rand -hex 16)',
      '客户端 ID 须为 16 至 256 个不含空格的可打印字符（可用 openssl rand -hex 16 生成）',
    );
  }
  const user = await findUser(sql, input.user);
  if (user.user_type === PARENT_TYPE || user.user_type === STUDENT_TYPE) {
    throw refuse(
      `"${user.login_name}" is a parent or student account: devices sign in staff only`,
      `“${user.login_name}”是家长或学生账号：设备自动登录仅用于教职工`,
    );
  }
  const hash = tokenHash(input.clientId);
  const created = await sql.transaction(async (tx) => {
    const inserted = await tx.get<{ user_id: number }>(
      `INSERT INTO user_clients (client_hash, user_id, created_at) VALUES (?, ?, ?)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [hash, user.id, context.now()],
    );
    if (inserted) return true;
    const owner = await tx.get<{ user_id: number }>(
      'SELECT user_id FROM user_clients WHERE client_hash = ?',
      [hash],
    );
    if (Number(owner?.user_id) !== user.id) {
      throw refuse(
        'This client id is registered to another account: revoke it first (revoke-device)',
        '该客户端 ID 已登记给其他账号：请先撤销（revoke-device）',
      );
    }
    return false;
  });
  const who = `"${user.login_name}" (${user.real_name})`;
  const whoZh = `“${user.login_name}”（${user.real_name}）`;
  return {
    userId: user.id,
    created,
    lines: [
      created
        ? text(
            `Registered the device: a desktop client with this id signs in ${who} on its unit's hosts.`,
            `已登记该设备：配置此 ID 的桌面客户端将在本单位域名下自动登录${whoZh}。`,
          )
        : text(`The device was already registered to ${who}.`, `该设备本已登记给${whoZh}。`),
    ],
  };
}

export async function revokeDevice(sql: Sql, input: { clientId: string }): Promise<CommandResult> {
  const result = await sql.transaction((tx) =>
    tx.run('DELETE FROM user_clients WHERE client_hash = ?', [tokenHash(input.clientId)]),
  );
  if (result.changes === 0) {
    throw refuse('No device is registered with this client id', '没有以此客户端 ID 登记的设备');
  }
  return {
    lines: [
      text(
        'Revoked the device: it no longer signs anyone in (sessions it started run until they expire or the user signs out).',
        '已撤销该设备：它不再能自动登录（已建立的会话持续到过期或用户退出）。',
      ),
    ],
  };
}

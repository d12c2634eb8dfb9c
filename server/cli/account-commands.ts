import { ACTIVE_STATUS } from '../auth/authenticate';
import { hashPasswordSync } from '../auth/password';
import type { Sql } from '../db/sql';
import {
  type AdminContext,
  clearLocks,
  type CommandResult,
  findUnit,
  findUser,
  oneTimePassword,
  refuse,
  revokeSessions,
  text,
  type Text,
  USER_TYPE_NAMES,
  userTypeOf,
} from './admin-common';

/**
 * The admin tool's commands on one account (docs/operations.md, "Accounts, units and devices"):
 * a new one-time password, disabling and enabling, clearing the sign-in lock, and a unit's list.
 */

const DISABLED_STATUS = 0;

export interface ResetResult extends CommandResult {
  userId: number;
  password: string;
}

/**
 * A new one-time password for a user of the unit, printed once: the user must change it at first
 * sign-in. The old password stops working, the user's sessions end and the sign-in lock is lifted
 * (a locked-out teacher who forgot her password gets in at once).
 */
export async function resetPassword(
  sql: Sql,
  input: { user: string; unitId: number },
  context: AdminContext,
): Promise<ResetResult> {
  await findUnit(sql, input.unitId);
  const user = await findUser(sql, input.user, input.unitId);
  const password = oneTimePassword();
  const hash = hashPasswordSync(password, context.passwordCost);
  const now = context.now();
  await sql.transaction(async (tx) => {
    await tx.run('UPDATE users SET password_hash = ?, must_change_password = 1 WHERE id = ?', [
      hash,
      user.id,
    ]);
    await revokeSessions(tx, user.id, now);
    await clearLocks(tx, user, now);
  });
  return {
    userId: user.id,
    password,
    lines: [
      text(
        `New one-time password of "${user.login_name}" (${user.real_name}): ${password}`,
        `“${user.login_name}”（${user.real_name}）的新一次性密码：${password}`,
      ),
      text(
        'It must be changed at first sign-in; the old password and every session of the account have ended.',
        '首次登录时须修改；旧密码和该账号的所有会话均已失效。',
      ),
    ],
  };
}

async function setStatus(
  sql: Sql,
  name: string,
  status: number,
  now: number,
): Promise<{ userId: number; changed: boolean; loginName: string; realName: string }> {
  const user = await findUser(sql, name);
  const changed = await sql.transaction(async (tx) => {
    const result = await tx.run(
      'UPDATE users SET user_status = ? WHERE id = ? AND user_status <> ?',
      [status, user.id, status],
    );
    if (status === DISABLED_STATUS) await revokeSessions(tx, user.id, now);
    return result.changes > 0;
  });
  return { userId: user.id, changed, loginName: user.login_name, realName: user.real_name };
}

/** What disable and enable say, by the status they set: [English, Chinese] for `who`. */
const STATUS_WORDS = {
  [DISABLED_STATUS]: {
    changed: (who: string, whoZh: string) =>
      text(
        `Disabled ${who}: it can no longer sign in, and its sessions have ended.`,
        `已停用${whoZh}：不能再登录，现有会话均已结束。`,
      ),
    unchanged: (who: string, whoZh: string) =>
      text(`${who} was already disabled.`, `${whoZh}本已停用。`),
  },
  [ACTIVE_STATUS]: {
    changed: (who: string, whoZh: string) =>
      text(`Enabled ${who}: it can sign in again.`, `已启用${whoZh}：可以重新登录。`),
    unchanged: (who: string, whoZh: string) =>
      text(`${who} was already enabled.`, `${whoZh}本已启用。`),
  },
};

async function setStatusCommand(
  sql: Sql,
  user: string,
  status: typeof DISABLED_STATUS | typeof ACTIVE_STATUS,
  now: number,
): Promise<CommandResult & { userId: number; changed: boolean }> {
  const done = await setStatus(sql, user, status, now);
  const who = `"${done.loginName}" (${done.realName})`;
  const whoZh = `“${done.loginName}”（${done.realName}）`;
  const words = STATUS_WORDS[status];
  return {
    ...done,
    lines: [done.changed ? words.changed(who, whoZh) : words.unchanged(who, whoZh)],
  };
}

/** Stops an account: it can no longer sign in, and its sessions end at once. */
export function disableUser(
  sql: Sql,
  input: { user: string },
  context: Pick<AdminContext, 'now'>,
): Promise<CommandResult & { userId: number; changed: boolean }> {
  return setStatusCommand(sql, input.user, DISABLED_STATUS, context.now());
}

/** Allows a disabled account to sign in again. */
export function enableUser(
  sql: Sql,
  input: { user: string },
  context: Pick<AdminContext, 'now'>,
): Promise<CommandResult & { userId: number; changed: boolean }> {
  return setStatusCommand(sql, input.user, ACTIVE_STATUS, context.now());
}

/** Clears an account's sign-in lock and failure counts (docs/security.md, "Shared classroom PCs"). */
export async function unlockUser(
  sql: Sql,
  input: { user: string },
  context: Pick<AdminContext, 'now'>,
): Promise<CommandResult & { userId: number; locks: number }> {
  const user = await findUser(sql, input.user);
  const now = context.now();
  const locks = await sql.transaction((tx) => clearLocks(tx, user, now));
  const who = `"${user.login_name}" (${user.real_name})`;
  const whoZh = `“${user.login_name}”（${user.real_name}）`;
  return {
    userId: user.id,
    locks,
    lines: [
      locks > 0
        ? text(`Unlocked ${who}: it can sign in at once.`, `已解锁${whoZh}：可立即登录。`)
        : text(
            `${who} was not locked; its failure counts are cleared.`,
            `${whoZh}未被锁定；其失败次数已清零。`,
          ),
    ],
  };
}

export interface ListedUser {
  id: number;
  loginName: string;
  realName: string;
  userType: number;
  active: boolean;
  mustChangePassword: boolean;
}

/** Columns as a terminal shows them: a CJK character takes two. */
function widthOf(value: string): number {
  let width = 0;
  for (const char of value) {
    width +=
      /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u.test(
        char,
      )
        ? 2
        : 1;
  }
  return width;
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(widthOf(title), ...rows.map((row) => widthOf(row[column] ?? ''))),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - widthOf(cell)))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(format)];
}

/** A unit's accounts as a table, by login name; `type` a code or word (server/cli/admin-common.ts). */
export async function listUsers(
  sql: Sql,
  input: { unitId: number; type?: string },
): Promise<CommandResult & { users: ListedUser[] }> {
  const unit = await findUnit(sql, input.unitId);
  let userType: number | undefined;
  if (input.type !== undefined) {
    userType = userTypeOf(input.type);
    if (userType === undefined) {
      throw refuse(
        `--type must be a user type: 1–5, or area, teacher, parent, staff, student`,
        `--type 须为用户类型：1–5，或 area、teacher、parent、staff、student`,
        2,
      );
    }
  }
  const rows = await sql.all<{
    id: number;
    login_name: string;
    real_name: string;
    user_type: number;
    user_status: number;
    must_change_password: number;
  }>(
    `SELECT id, login_name, real_name, user_type, user_status, must_change_password FROM users
     WHERE unit_id = ? AND (CAST(? AS BIGINT) = 0 OR user_type = ?) ORDER BY login_key`,
    [unit.id, userType ?? 0, userType ?? 0],
  );
  const users = rows.map((row) => ({
    id: row.id,
    loginName: row.login_name,
    realName: row.real_name,
    userType: row.user_type,
    active: row.user_status === ACTIVE_STATUS,
    mustChangePassword: row.must_change_password === 1,
  }));
  const typeName = (type: number, language: keyof Text) =>
    `${String(type)} ${USER_TYPE_NAMES[type]?.[language] ?? ''}`.trim();
  const render = (language: keyof Text) => {
    const header =
      language === 'en'
        ? ['ID', 'LOGIN NAME', 'NAME', 'TYPE', 'STATUS', 'PASSWORD']
        : ['ID', '登录名', '姓名', '类型', '状态', '密码'];
    const body = users.map((user) => [
      String(user.id),
      user.loginName,
      user.realName,
      typeName(user.userType, language),
      user.active
        ? language === 'en'
          ? 'active'
          : '正常'
        : language === 'en'
          ? 'disabled'
          : '停用',
      user.mustChangePassword ? (language === 'en' ? 'one-time' : '一次性') : '',
    ]);
    return table(header, body).join('\n');
  };
  const count = String(users.length);
  const unitLabel = `${String(unit.id)} ${unit.name}`;
  return {
    users,
    lines: [
      text(render('en'), render('zh')),
      text(`${count} user(s) in unit ${unitLabel}.`, `单位 ${unitLabel} 共 ${count} 个用户。`),
    ],
  };
}

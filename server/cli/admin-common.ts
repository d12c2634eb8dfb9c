import { randomInt } from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '../../contract/auth-codes';
import { loginKey } from '../auth/login-name';
import type { HashingLimits } from '../auth/password-hasher';
import type { PasswordCost } from '../auth/password';
import { isGuessable } from '../auth/password-strength';
import { announceRevocations } from '../db/change-notices';
import { DEFAULT_OPTIONS } from '../config';
import type { Sql } from '../db/sql';
import type { UserRow as AccountRow } from '../uaa/users';

/**
 * What the admin tool's commands share (server/cli/admin.ts): their bilingual answers, finding a
 * user or a unit, one-time passwords, and the sign-in lock and sessions of an account.
 */

/**
 * A refused input: its message is for the operator (English, and `zh` for a Chinese locale:
 * server/cli/admin.ts); exit code 2 is a usage error.
 */
export class AdminCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    readonly zh?: string,
  ) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

/** A line for the operator, in English and Chinese (LANG chooses: server/cli/admin.ts). */
export interface Text {
  en: string;
  zh: string;
}

export function text(en: string, zh: string): Text {
  return { en, zh };
}

/** A refusal in both languages (exit code 1; 2 for a usage error). */
export function refuse(en: string, zh: string, exitCode = 1): AdminCommandError {
  return new AdminCommandError(en, exitCode, zh);
}

/** What every command is given besides the database. */
export interface AdminContext {
  passwordCost: PasswordCost;
  hashing: HashingLimits;
  now: () => number;
}

/** What a command did: the lines to print, and its figures for the tests. */
export interface CommandResult {
  lines: Text[];
}

/** The spec's user types (spec §1) and the words the tool takes for them. */
export const USER_TYPES: Readonly<Record<string, number>> = {
  area: 1,
  teacher: 2,
  parent: 3,
  staff: 4,
  student: 5,
};

export const USER_TYPE_NAMES: Readonly<Record<number, Text>> = {
  1: text('area', '区域'),
  2: text('teacher', '教师'),
  3: text('parent', '家长'),
  4: text('staff', '职工'),
  5: text('student', '学生'),
};

export const PARENT_TYPE = 3;
export const STUDENT_TYPE = 5;

/** A user type from its code (1–5) or its word; undefined for anything else. */
export function userTypeOf(value: string): number | undefined {
  const word = value.trim().toLowerCase();
  if (/^[1-5]$/.test(word)) return Number(word);
  return USER_TYPES[word];
}

export interface UnitRow {
  id: number;
  name: string;
  unit_type: number;
}

/** The unit `unitId`, or a refusal that lists the units there are. */
export async function findUnit(sql: Sql, unitId: number): Promise<UnitRow> {
  const unit = await sql.get<UnitRow>('SELECT id, name, unit_type FROM units WHERE id = ?', [
    unitId,
  ]);
  if (unit) return unit;
  const known = (
    await sql.all<{ id: number; name: string }>('SELECT id, name FROM units ORDER BY id')
  )
    .map((row) => `${String(row.id)} ${row.name}`)
    .join(', ');
  throw refuse(
    `There is no unit ${String(unitId)} (units: ${known === '' ? 'none' : known})`,
    `没有单位 ${String(unitId)}（现有单位：${known === '' ? '无' : known}）`,
  );
}

/** The columns of a user the commands read (the repository's row, server/uaa/users.ts). */
export type UserRow = Pick<
  AccountRow,
  'id' | 'unit_id' | 'login_name' | 'real_name' | 'user_type' | 'user_status'
>;

/**
 * The user signing in as `name` (in any spelling: server/auth/login-name.ts); with `unitId`, only
 * one of that unit, so a command naming the unit cannot reach another's account.
 */
export async function findUser(sql: Sql, name: string, unitId?: number): Promise<UserRow> {
  const user = await sql.get<UserRow>(
    `SELECT id, unit_id, login_name, real_name, user_type, user_status FROM users
     WHERE login_key = ?`,
    [loginKey(name)],
  );
  if (!user || (unitId !== undefined && user.unit_id !== unitId)) {
    const where = unitId === undefined ? '' : ` in unit ${String(unitId)}`;
    const whereZh = unitId === undefined ? '' : `单位 ${String(unitId)} 中`;
    throw refuse(`There is no user "${name}"${where}`, `${whereZh}没有用户“${name}”`);
  }
  return user;
}

/** Characters of a one-time password: no 0/O, 1/l/I, which people misread on paper. */
const ONE_TIME_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ONE_TIME_LENGTH = 12;

/**
 * A random one-time password: 12 of 56 characters, about 70 bits, typed once and then changed
 * (users.must_change_password).
 */
export function oneTimePassword(): string {
  let password = '';
  for (let index = 0; index < ONE_TIME_LENGTH; index += 1) {
    password += ONE_TIME_ALPHABET.charAt(randomInt(ONE_TIME_ALPHABET.length));
  }
  return password;
}

/** The shortest password an import accepts for a user (NIST SP 800-63B's minimum). */
export const USER_PASSWORD_MIN_LENGTH = 8;
/**
 * zxcvbn's score 1 and more ("too guessable" is 0: the most common passwords, `12345678`,
 * `password`, `qwertyui`, a name repeated): online guessing is throttled (five failures lock the
 * account), and the user must change the password at first sign-in anyway. Administrators' own
 * passwords need score 3 (server/cli/create-admin.ts).
 */
export const USER_PASSWORD_MIN_SCORE = 1;

/** What is wrong with a password an administrator gives a user in a file, or undefined. */
export function userPasswordProblem(password: string, loginName: string): Text | undefined {
  const length = Array.from(new Intl.Segmenter().segment(password)).length;
  if (length < USER_PASSWORD_MIN_LENGTH) {
    return text(
      `too short: at least ${String(USER_PASSWORD_MIN_LENGTH)} characters`,
      `太短：至少 ${String(USER_PASSWORD_MIN_LENGTH)} 个字符`,
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return text(
      `too long: at most ${String(PASSWORD_MAX_LENGTH)} characters`,
      `太长：最多 ${String(PASSWORD_MAX_LENGTH)} 个字符`,
    );
  }
  if (password.toLowerCase().includes(loginName.toLowerCase())) {
    return text('contains the login name', '包含了登录名');
  }
  if (
    isGuessable(password, [loginName, DEFAULT_OPTIONS.demoPassword, 'edudesk'], {
      minScore: USER_PASSWORD_MIN_SCORE,
    })
  ) {
    return text(
      'too easy to guess (a common password, a keyboard run or a repetition)',
      '太容易被猜到（常见密码、键盘连续键或重复）',
    );
  }
  return undefined;
}

/**
 * Ends every session of a user (a reset password, a disabled account), and tells the server
 * nodes when the transaction commits, so none goes on trusting one it remembers.
 */
export async function revokeSessions(tx: Sql, userId: number, now: number): Promise<number> {
  const result = await tx.run(
    'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
    [now, userId],
  );
  await announceRevocations(tx, [userId]);
  return result.changes;
}

/**
 * Clears an account's sign-in lock (server/auth/throttle.ts): its own counter (`user:<id>`), the
 * per-device counters of browsers it knows (`device:<hash>:<id>`), and any left under its name
 * from before the account existed (`name:<login key>`). Returns the locks that were in force.
 */
export async function clearLocks(
  tx: Sql,
  user: { id: number; login_name: string },
  now: number,
): Promise<number> {
  const keys = [`user:${String(user.id)}`, `name:${loginKey(user.login_name)}`];
  const devices = `device:%:${String(user.id)}`;
  const locked = await tx.get<{ count: number }>(
    `SELECT COUNT(*) AS count FROM login_throttle
     WHERE (key IN (?, ?) OR key LIKE ?) AND locked_until > ?`,
    [...keys, devices, now],
  );
  await tx.run('DELETE FROM login_throttle WHERE key IN (?, ?) OR key LIKE ?', [...keys, devices]);
  return locked?.count ?? 0;
}

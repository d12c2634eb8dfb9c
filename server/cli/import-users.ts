import fs from 'node:fs';
import path from 'node:path';
import { loginKey } from '../auth/login-name';
import { PasswordHasher } from '../auth/password-hasher';
import { SYSTEM_ROLE } from '../db/seed-data';
import type { Sql } from '../db/sql';
import {
  type AdminContext,
  type CommandResult,
  findUnit,
  oneTimePassword,
  PARENT_TYPE,
  refuse,
  STUDENT_TYPE,
  text,
  type Text,
  userPasswordProblem,
  userTypeOf,
} from './admin-common';
import { usernameProblem } from './create-admin';
import { CsvSyntaxError, parseCsv } from './csv';

/**
 * `admin import-users FILE.csv --unit ID [--dry-run]` (docs/operations.md, "Accounts, units and
 * devices"): a unit's accounts from a spreadsheet. Every row is checked before anything is
 * written; one bad row refuses the whole file, naming its line and field. New users get the
 * file's password or a generated one, both one-time (users.must_change_password); a user who
 * exists (by login key) is updated and keeps the password. Passwords are hashed at the server's
 * cost on every core before one transaction writes the lot.
 */

const REQUIRED = ['login_name', 'name', 'user_type'] as const;
const OPTIONAL = ['password', 'phone', 'email', 'children', 'roles'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const NAME_MAX_LENGTH = 64;
const PHONE = /^\+?[0-9][0-9 -]{4,19}$/;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;
const ROLE = /^[A-Za-z0-9_]{1,64}(@[A-Za-z0-9_-]{1,64})?$/;
/** Problems listed before the rest are summed up: enough to fix a file in a few rounds. */
const MAX_LISTED_PROBLEMS = 20;
/** Existing users are looked up this many login keys at a time. */
const LOOKUP_CHUNK = 500;

export interface ImportRow {
  line: number;
  loginName: string;
  key: string;
  realName: string;
  userType: number;
  password?: string;
  phone: string;
  email: string;
  /** The pupils' login keys (parents), when the file has the column. */
  children?: string[];
  roles?: { code: string; project: string }[];
}

interface Existing {
  id: number;
  unit_id: number;
  login_key: string;
  user_type: number;
}

export interface ImportResult extends CommandResult {
  created: number;
  updated: number;
  /** The file of generated one-time passwords (mode 600), when any was generated. */
  passwordsFile?: string;
  dryRun: boolean;
}

interface Problem {
  line: number;
  field: string;
  problem: Text;
}

/** Splits a `;` list (a spreadsheet cell), without empty items. */
function listOf(cell: string): string[] {
  return cell
    .split(/[;；]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function columnsOf(header: string[], line: number): Map<Column, number> {
  const columns = new Map<Column, number>();
  for (const [index, raw] of header.entries()) {
    const name = raw.trim().toLowerCase() as Column;
    if (![...REQUIRED, ...OPTIONAL].includes(name)) {
      throw refuse(
        `Line ${String(line)}: unknown column "${raw}" (columns: ${[...REQUIRED, ...OPTIONAL].join(', ')})`,
        `第 ${String(line)} 行：未知的列“${raw}”（可用的列：${[...REQUIRED, ...OPTIONAL].join(', ')}）`,
      );
    }
    if (columns.has(name)) {
      throw refuse(
        `Line ${String(line)}: the column "${name}" appears twice`,
        `第 ${String(line)} 行：列“${name}”出现了两次`,
      );
    }
    columns.set(name, index);
  }
  const missing = REQUIRED.filter((name) => !columns.has(name));
  if (missing.length > 0) {
    throw refuse(
      `Line ${String(line)}: the header lacks ${missing.join(', ')} (it needs login_name,name,user_type)`,
      `第 ${String(line)} 行：表头缺少 ${missing.join(', ')}（至少需要 login_name,name,user_type）`,
    );
  }
  return columns;
}

/** The file's rows, checked on their own (the database's checks come after). */
function readRows(source: string): {
  rows: ImportRow[];
  problems: Problem[];
  columns: Set<Column>;
} {
  let records;
  try {
    records = parseCsv(source);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw refuse(
      `Line ${String(error.line)}: the CSV is malformed (${error.message})`,
      `第 ${String(error.line)} 行：CSV 格式有误（${error.message}）`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw refuse('The file is empty', '文件是空的');
  const columns = columnsOf(header.fields, header.line);
  const problems: Problem[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  for (const record of body) {
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : (record.fields[index] ?? '').trim();
    };
    const fail = (field: Column, problem: Text) => {
      problems.push({ line: record.line, field, problem });
    };
    if (record.fields.length > header.fields.length) {
      problems.push({
        line: record.line,
        field: '',
        problem: text(
          `${String(record.fields.length)} fields for ${String(header.fields.length)} columns (a comma too many, or a cell to quote)`,
          `有 ${String(record.fields.length)} 个字段，但只有 ${String(header.fields.length)} 列（多了逗号，或单元格需加引号）`,
        ),
      });
      continue;
    }
    const loginName = cell('login_name');
    const nameProblem = usernameProblem(loginName);
    if (nameProblem !== undefined)
      fail('login_name', text(nameProblem, `登录名无效：${nameProblem}`));
    const key = loginKey(loginName);
    const earlier = seen.get(key);
    if (nameProblem === undefined && earlier !== undefined) {
      fail(
        'login_name',
        text(
          `"${loginName}" is already on line ${String(earlier)}`,
          `“${loginName}”已在第 ${String(earlier)} 行出现`,
        ),
      );
    }
    seen.set(key, record.line);
    const realName = cell('name');
    if (realName === '') fail('name', text('is empty', '为空'));
    else if (realName.length > NAME_MAX_LENGTH) {
      fail(
        'name',
        text(
          `longer than ${String(NAME_MAX_LENGTH)} characters`,
          `超过 ${String(NAME_MAX_LENGTH)} 个字符`,
        ),
      );
    }
    const userType = userTypeOf(cell('user_type'));
    if (userType === undefined) {
      fail(
        'user_type',
        text(
          `"${cell('user_type')}" is not a user type (1–5, or area, teacher, parent, staff, student)`,
          `“${cell('user_type')}”不是用户类型（1–5，或 area、teacher、parent、staff、student）`,
        ),
      );
    }
    const password = columns.has('password')
      ? (record.fields[columns.get('password') ?? 0] ?? '')
      : '';
    if (password !== '' && nameProblem === undefined) {
      const problem = userPasswordProblem(password, loginName);
      if (problem) fail('password', problem);
    }
    const phone = cell('phone');
    if (phone !== '' && !PHONE.test(phone))
      fail('phone', text('is not a phone number', '不是电话号码'));
    const email = cell('email');
    if (email !== '' && !EMAIL.test(email))
      fail('email', text('is not an email address', '不是电子邮件地址'));
    const children = listOf(cell('children'));
    if (children.length > 0 && userType !== PARENT_TYPE) {
      fail(
        'children',
        text('only a parent (user type 3) has children', '只有家长（用户类型 3）才有孩子'),
      );
    }
    const roleCells = listOf(cell('roles'));
    const badRole = roleCells.find((role) => !ROLE.test(role));
    if (badRole !== undefined) {
      fail(
        'roles',
        text(
          `"${badRole}" is not a role (CODE or CODE@project)`,
          `“${badRole}”不是角色（CODE 或 CODE@project）`,
        ),
      );
    }
    rows.push({
      line: record.line,
      loginName,
      key,
      realName,
      userType: userType ?? 0,
      ...(password === '' ? {} : { password }),
      phone,
      email,
      ...(columns.has('children') ? { children: children.map(loginKey) } : {}),
      ...(columns.has('roles')
        ? {
            roles: roleCells.map((role) => {
              const [code = '', project = 'base'] = role.split('@');
              return { code, project };
            }),
          }
        : {}),
    });
  }
  return { rows, problems, columns: new Set(columns.keys()) };
}

async function existingUsers(sql: Sql, keys: readonly string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const chunk = keys.slice(start, start + LOOKUP_CHUNK);
    if (chunk.length === 0) continue;
    const rows = await sql.all<Existing>(
      `SELECT id, unit_id, login_key, user_type FROM users
       WHERE login_key IN (${chunk.map(() => '?').join(', ')})`,
      chunk,
    );
    for (const row of rows) found.set(row.login_key, row);
  }
  return found;
}

/** The database's checks: accounts of another unit, and children who are not this unit's pupils. */
function checkAgainst(
  rows: readonly ImportRow[],
  existing: ReadonlyMap<string, Existing>,
  unitId: number,
): Problem[] {
  const problems: Problem[] = [];
  const inFile = new Map(rows.map((row) => [row.key, row]));
  for (const row of rows) {
    const other = existing.get(row.key);
    if (other && other.unit_id !== unitId) {
      problems.push({
        line: row.line,
        field: 'login_name',
        problem: text(
          `"${row.loginName}" is an account of unit ${String(other.unit_id)}`,
          `“${row.loginName}”是单位 ${String(other.unit_id)} 的账号`,
        ),
      });
    }
    for (const child of row.children ?? []) {
      const pupil = inFile.get(child);
      const stored = existing.get(child);
      const isPupil = pupil
        ? pupil.userType === STUDENT_TYPE
        : stored?.unit_id === unitId && stored.user_type === STUDENT_TYPE;
      if (!isPupil) {
        problems.push({
          line: row.line,
          field: 'children',
          problem: text(
            `"${child}" is not a student of this unit (in the file or already imported)`,
            `“${child}”不是本单位的学生（文件中没有，也尚未导入）`,
          ),
        });
      }
    }
  }
  return problems;
}

function problemsError(problems: readonly Problem[]): Error {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = problems.length - listed.length;
  const en = listed.map(
    (p) => `  line ${String(p.line)}${p.field === '' ? '' : `, ${p.field}`}: ${p.problem.en}`,
  );
  const zh = listed.map(
    (p) => `  第 ${String(p.line)} 行${p.field === '' ? '' : `，${p.field}`}：${p.problem.zh}`,
  );
  if (more > 0) {
    en.push(`  …and ${String(more)} more`);
    zh.push(`  ……另有 ${String(more)} 处`);
  }
  return refuse(
    `Nothing was imported: ${String(problems.length)} problem(s) in the file\n${en.join('\n')}`,
    `未导入任何用户：文件中有 ${String(problems.length)} 处问题\n${zh.join('\n')}`,
  );
}

/** `<name>.passwords-<time>.csv` beside the file: a new name, so no earlier list is overwritten. */
function passwordsFileFor(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const base = path.basename(file).replace(/\.csv$/i, '');
  return path.join(path.dirname(file), `${base}.passwords-${stamp}.csv`);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Hashes every password on the hashing threads, a few waiting per thread at a time. */
async function hashAll(passwords: readonly string[], context: AdminContext): Promise<string[]> {
  const hasher = new PasswordHasher(context.passwordCost, context.hashing);
  const hashes: string[] = new Array<string>(passwords.length);
  let next = 0;
  const lane = async () => {
    while (next < passwords.length) {
      const index = next;
      next += 1;
      hashes[index] = await hasher.hash(passwords[index] ?? '');
    }
  };
  const lanes = Math.max(1, Math.min(passwords.length, context.hashing.threads * 2));
  await Promise.all(Array.from({ length: lanes }, lane));
  return hashes;
}

const INSERT_USER = `INSERT INTO users (unit_id, login_name, login_key, password_hash, real_name,
    user_type, sex, avatar, user_status, superman, created_at, must_change_password, phone, email)
  VALUES (?, ?, ?, ?, ?, ?, 0, '', 1, 0, ?, 1, ?, ?)
  ON CONFLICT DO NOTHING
  RETURNING id`;
const GRANT_MENUS = `INSERT INTO user_menu_grants (user_id, resource_id)
  SELECT CAST(? AS BIGINT), id FROM menu_resources
  WHERE app_code IN (SELECT code FROM desktop_apps WHERE unit_id = ?)
  ON CONFLICT DO NOTHING`;

export async function importUsers(
  sql: Sql,
  input: { file: string; unitId: number; dryRun?: boolean },
  context: AdminContext,
): Promise<ImportResult> {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(input.file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw refuse(`Cannot read ${input.file}: ${reason}`, `无法读取 ${input.file}：${reason}`);
  }
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(
      `${input.file} is not UTF-8 text: save it as "CSV UTF-8"`,
      `${input.file} 不是 UTF-8 文本：请另存为“CSV UTF-8”`,
    );
  }
  const unit = await findUnit(sql, input.unitId);
  const { rows, problems, columns } = readRows(source);
  if (rows.length === 0 && problems.length === 0) {
    throw refuse('The file has a header but no users', '文件只有表头，没有用户');
  }
  const existing = await existingUsers(sql, [
    ...new Set(rows.flatMap((row) => [row.key, ...(row.children ?? [])])),
  ]);
  problems.push(...checkAgainst(rows, existing, unit.id));
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    throw problemsError(problems);
  }
  const fresh = rows.filter((row) => !existing.has(row.key));
  const updated = rows.length - fresh.length;
  const dryRun = input.dryRun === true;
  const unitLabel = `${String(unit.id)} ${unit.name}`;
  if (dryRun) {
    return {
      created: fresh.length,
      updated,
      dryRun,
      lines: [
        text(
          `Dry run: the file is valid; it would create ${String(fresh.length)} and update ${String(updated)} user(s) of unit ${unitLabel}. Nothing was written.`,
          `试运行：文件无误；将在单位 ${unitLabel} 新建 ${String(fresh.length)} 个、更新 ${String(updated)} 个用户。未写入任何内容。`,
        ),
      ],
    };
  }

  // Slow by design (argon2id): before the transaction, on every core.
  const generated = new Map<string, string>();
  for (const row of fresh)
    if (row.password === undefined) generated.set(row.key, oneTimePassword());
  const hashes = await hashAll(
    fresh.map((row) => row.password ?? generated.get(row.key) ?? ''),
    context,
  );
  const now = context.now();
  let passwordsFile: string | undefined;
  if (generated.size > 0) {
    passwordsFile = passwordsFileFor(input.file, now);
    const lines = ['login_name,name,password'];
    for (const row of fresh) {
      const password = generated.get(row.key);
      if (password !== undefined) {
        lines.push([row.loginName, row.realName, password].map(csvCell).join(','));
      }
    }
    // 'wx': never over an existing file; 0o600: the operator's eyes only.
    fs.writeFileSync(passwordsFile, `\uFEFF${lines.join('\r\n')}\r\n`, { flag: 'wx', mode: 0o600 });
  }

  try {
    await sql.transaction(async (tx) => {
      const ids = new Map<string, number>();
      for (const [key, row] of existing) ids.set(key, row.id);
      for (const [index, row] of fresh.entries()) {
        const inserted = await tx.get<{ id: number }>(INSERT_USER, [
          unit.id,
          row.loginName,
          row.key,
          hashes[index] ?? null,
          row.realName,
          row.userType,
          now,
          row.phone,
          row.email,
        ]);
        if (!inserted) {
          throw refuse(
            `Line ${String(row.line)}: "${row.loginName}" was created meanwhile; nothing was imported: run the command again`,
            `第 ${String(row.line)} 行：“${row.loginName}”刚被他人创建；未导入任何用户：请重新运行`,
          );
        }
        ids.set(row.key, inserted.id);
      }
      for (const row of rows) {
        const id = ids.get(row.key);
        if (id === undefined) continue;
        if (existing.has(row.key)) {
          await tx.run(
            `UPDATE users SET login_name = ?, real_name = ?, user_type = ?,
               phone = CASE WHEN ? = 1 THEN ? ELSE phone END,
               email = CASE WHEN ? = 1 THEN ? ELSE email END
             WHERE id = ?`,
            [
              row.loginName,
              row.realName,
              row.userType,
              columns.has('phone') ? 1 : 0,
              row.phone,
              columns.has('email') ? 1 : 0,
              row.email,
              id,
            ],
          );
        }
        if (row.roles) {
          await tx.run('DELETE FROM user_roles WHERE user_id = ?', [id]);
          for (const role of row.roles) {
            await tx.run(
              'INSERT INTO user_roles (user_id, role_code, project) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
              [id, role.code, role.project],
            );
            if (role.code === SYSTEM_ROLE.code && role.project === SYSTEM_ROLE.project) {
              await tx.run(GRANT_MENUS, [id, unit.id]);
            }
          }
        }
      }
      const realNames = new Map(rows.map((row) => [row.key, row.realName]));
      for (const row of rows) {
        const parentId = ids.get(row.key);
        if (!row.children || parentId === undefined) continue;
        await linkChildren(tx, parentId, row.children, ids, realNames);
      }
    });
  } catch (error) {
    if (passwordsFile !== undefined) fs.rmSync(passwordsFile, { force: true });
    throw error;
  }
  const lines = [
    text(
      `Imported ${String(rows.length)} user(s) into unit ${unitLabel}: ${String(fresh.length)} created, ${String(updated)} updated (their passwords kept).`,
      `已导入 ${String(rows.length)} 个用户到单位 ${unitLabel}：新建 ${String(fresh.length)} 个，更新 ${String(updated)} 个（保留原密码）。`,
    ),
  ];
  if (passwordsFile !== undefined) {
    lines.push(
      text(
        `One-time passwords of ${String(generated.size)} new user(s): ${passwordsFile} (readable by you only; hand them out, then delete the file). Each must be changed at first sign-in.`,
        `${String(generated.size)} 个新用户的一次性密码：${passwordsFile}（仅您可读；分发后请删除该文件）。首次登录时须修改密码。`,
      ),
    );
  }
  return {
    created: fresh.length,
    updated,
    dryRun,
    lines,
    ...(passwordsFile ? { passwordsFile } : {}),
  };
}

/**
 * A parent's children from pupils' accounts: one child row per pupil (children.student_user_id),
 * in the file's order, named as the pupil. Rows linked to pupils no longer listed go; children
 * entered otherwise (without a pupil's account) stay.
 */
async function linkChildren(
  tx: Sql,
  parentId: number,
  children: readonly string[],
  ids: ReadonlyMap<string, number>,
  realNames: ReadonlyMap<string, string>,
): Promise<void> {
  const pupils: number[] = [];
  for (const [order, key] of children.entries()) {
    const pupilId = ids.get(key);
    if (pupilId === undefined || pupils.includes(pupilId)) continue;
    pupils.push(pupilId);
    const name =
      realNames.get(key) ??
      (await tx.get<{ real_name: string }>('SELECT real_name FROM users WHERE id = ?', [pupilId]))
        ?.real_name ??
      '';
    await tx.run(
      `INSERT INTO children (parent_user_id, student_user_id, real_name, status, sort_order)
       VALUES (?, ?, ?, 1, ?)
       ON CONFLICT (parent_user_id, student_user_id) DO UPDATE SET
         real_name = excluded.real_name, sort_order = excluded.sort_order`,
      [parentId, pupilId, name, order],
    );
  }
  const stale = await tx.all<{ id: number; student_user_id: number }>(
    'SELECT id, student_user_id FROM children WHERE parent_user_id = ? AND student_user_id IS NOT NULL',
    [parentId],
  );
  for (const row of stale) {
    if (!pupils.includes(row.student_user_id)) {
      await tx.run('DELETE FROM children WHERE id = ?', [row.id]);
    }
  }
}

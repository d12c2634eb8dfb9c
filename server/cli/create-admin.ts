import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../contract/auth-codes';
import { loginKey } from '../auth/login-name';
import { isGuessable } from '../auth/password-strength';
import { hashPasswordSync, type PasswordCost } from '../auth/password';
import { DEFAULT_OPTIONS, loadOptionsFromEnv } from '../config';
import { openSeededDatabase } from '../db/seed';
import { SYSTEM_ROLE } from '../db/seed-data';
import type { Sql } from '../db/sql';
import { AdminCommandError, type UnitRow } from './admin-common';
import { insertUnit, unitNameOf, unitTypeOf } from './unit-commands';

/**
 * `npm run create-admin -- --unit 1001 --username admin [--name 王老师] [--unit-name 明德中学]`:
 * the first administrator of a production database (docs/security.md, "Modes: demo and
 * production"; README, "Deploy in production"), and with --unit-name the unit itself when the
 * database has none of that id (a production database starts with no unit). Run it with the
 * server's environment (EDUDESK_MODE, EDUDESK_DATA_DIR, EDUDESK_PUBLIC_ORIGIN…): on a database that does not exist yet it seeds what the server would.
 * The password is read from a prompt (not echoed, asked twice) or, piped, from the first line of
 * standard input; never from the command line, where the shell history and the process list
 * would keep it.
 */

const USAGE =
  'Usage: npm run create-admin -- --unit <unit id> --username <name> [--name <real name>]\n' +
  '         [--unit-name <unit name> [--unit-type area|school]]   (creates the unit when absent)\n' +
  '(the password is asked for, or read from the first line of standard input)';

const UNIT = 'SELECT id, name, unit_type FROM units WHERE id = ?';
const UNITS = 'SELECT id, name FROM units ORDER BY id';
// Names are compared by their normalised key (server/auth/login-name.ts): 'Admin' and 'ａｄｍｉｎ'
// are taken when 'admin' exists.
const TAKEN = 'SELECT id FROM users WHERE login_key = ?';
// A name taken meanwhile (by another process) inserts nothing: the unique login_key decides.
const INSERT_USER = `INSERT INTO users (unit_id, login_name, login_key, password_hash, real_name,
    user_type, sex, avatar, user_status, superman, created_at)
  VALUES (?, ?, ?, ?, ?, ?, 0, '', 1, 0, ?)
  ON CONFLICT DO NOTHING
  RETURNING id`;
const INSERT_ROLE = 'INSERT INTO user_roles (user_id, role_code, project) VALUES (?, ?, ?)';
const GRANT_MENUS = `INSERT INTO user_menu_grants (user_id, resource_id)
  SELECT CAST(? AS BIGINT), id FROM menu_resources
  WHERE app_code IN (SELECT code FROM desktop_apps WHERE unit_id = ?)`;

/** The shortest password the command accepts (NIST SP 800-63B asks at least 8; admins get more). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** What is wrong with a username, or undefined. */
export function usernameProblem(username: string): string | undefined {
  if (username === '') return 'The username is empty';
  if (username.length > USERNAME_MAX_LENGTH) {
    return `The username is too long: at most ${String(USERNAME_MAX_LENGTH)} characters`;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._@-]*$/.test(username)) {
    return 'The username may use letters, digits and . _ @ - only, starting with a letter or digit';
  }
  return undefined;
}

/** What is wrong with an administrator's password, or undefined when it is acceptable. */
export function passwordProblem(password: string, username: string): string | undefined {
  if (password === '') return 'The password is empty';
  // Characters as people count them (an accented letter or an emoji is one).
  const length = Array.from(new Intl.Segmenter().segment(password)).length;
  if (length < ADMIN_PASSWORD_MIN_LENGTH) {
    return `The password is too short: use at least ${String(ADMIN_PASSWORD_MIN_LENGTH)} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `The password is too long: at most ${String(PASSWORD_MAX_LENGTH)} characters`;
  }
  const lower = password.toLowerCase();
  if (username !== '' && lower.includes(username.toLowerCase())) {
    return 'The password must not contain the username';
  }
  if (isGuessable(password, [username, DEFAULT_OPTIONS.demoPassword, 'edudesk', 'admin'])) {
    return 'The password is too easy to guess (a common password, a word, a run or a repetition): choose another';
  }
  return undefined;
}

export interface AdministratorInput {
  unitId: number;
  username: string;
  password: string;
  /** The name shown in the platform; 管理员 when not given. */
  realName?: string;
  /**
   * The unit's name (and type: a school by default), creating the unit when there is none of
   * that id. For an existing unit it must be the unit's name and type (rename with set-unit).
   */
  unitName?: string;
  unitType?: 1 | 2;
}

export interface CreatedAdministrator {
  userId: number;
  username: string;
  unitId: number;
  unitName: string;
  /** Whether the command created the unit (--unit-name). */
  unitCreated: boolean;
}

/**
 * Creates a unit administrator: an active account of the unit (an area user in an education
 * bureau, a teacher in a school) with the system role XX_SYS_ in base (spec §6) and every menu
 * of the unit's applications granted. The password is hashed as sign-in checks it
 * (server/auth/password.ts) at the configured cost. Throws AdminCommandError, creating nothing,
 * for a weak password, a taken username or an unknown unit.
 */
export async function createAdministrator(
  sql: Sql,
  input: AdministratorInput,
  options: { passwordCost: PasswordCost; now: () => number },
): Promise<CreatedAdministrator> {
  const username = input.username.trim();
  const problem = usernameProblem(username) ?? passwordProblem(input.password, username);
  if (problem !== undefined) throw new AdminCommandError(problem);
  const unitName =
    input.unitName === undefined ? undefined : unitNameOf(input.unitName, 'unit-name');
  const existing = await sql.get<UnitRow>(UNIT, [input.unitId]);
  if (existing) {
    const otherType = input.unitType !== undefined && input.unitType !== existing.unit_type;
    if ((unitName !== undefined && unitName !== existing.name) || otherType) {
      throw new AdminCommandError(
        `Unit ${String(existing.id)} exists as "${existing.name}" (type ${String(existing.unit_type)}): ` +
          'leave out --unit-name and --unit-type, or rename it with set-unit',
      );
    }
  } else if (unitName === undefined) {
    const known = (await sql.all<{ id: number; name: string }>(UNITS))
      .map((row) => `${String(row.id)} ${row.name}`)
      .join(', ');
    throw new AdminCommandError(
      `There is no unit ${String(input.unitId)} (units: ${known === '' ? 'none' : known}): ` +
        'give --unit-name to create it',
    );
  }
  const takenMessage = `The username "${username}" is already taken`;
  if (await sql.get(TAKEN, [loginKey(username)])) throw new AdminCommandError(takenMessage);

  const hash = hashPasswordSync(input.password, options.passwordCost);
  const realName = input.realName?.trim() ?? '';
  return sql.transaction(async (tx) => {
    let unit = await tx.get<UnitRow>(UNIT, [input.unitId]);
    const unitCreated = !unit && unitName !== undefined;
    if (!unit && unitName !== undefined) {
      const unitType = input.unitType ?? 2;
      await insertUnit(tx, { id: input.unitId, unitType, name: unitName, enName: '' });
      unit = { id: input.unitId, name: unitName, unit_type: unitType };
    }
    if (!unit) throw new AdminCommandError(`There is no unit ${String(input.unitId)}`);
    // Another process may have taken the name while we were hashing: then nothing is inserted.
    const inserted = await tx.get<{ id: number }>(INSERT_USER, [
      unit.id,
      username,
      loginKey(username),
      hash,
      realName === '' ? '管理员' : realName,
      unit.unit_type === 1 ? 1 : 2,
      options.now(),
    ]);
    if (!inserted) throw new AdminCommandError(takenMessage);
    const userId = inserted.id;
    await tx.run(INSERT_ROLE, [userId, SYSTEM_ROLE.code, SYSTEM_ROLE.project]);
    await tx.run(GRANT_MENUS, [userId, unit.id]);
    return {
      userId,
      username,
      unitId: unit.id,
      unitName: unit.name,
      unitCreated,
    };
  });
}

/** Asks for a line without echoing it (the terminal in raw mode). */
function askHidden(question: string, input: NodeJS.ReadStream, output: NodeJS.WriteStream) {
  return new Promise<string>((resolve, reject) => {
    output.write(question);
    let chars: string[] = [];
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(chars.join(''));
          return;
        }
        if (char === '\u0003') {
          finish();
          reject(new AdminCommandError('Cancelled', 130));
          return;
        }
        if (char === '\u007f' || char === '\b') chars = chars.slice(0, -1);
        else chars.push(char);
      }
    };
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.resume();
    input.on('data', onData);
  });
}

/** The first line of a piped standard input (without its line ending). */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  // Decoded as UTF-8 across chunk boundaries.
  input.setEncoding('utf8');
  for await (const chunk of input) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split('\n')[0]?.replace(/\r$/, '') ?? '';
}

interface Io {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

async function readPassword(io: Io): Promise<string> {
  if (!io.stdin.isTTY) return firstLine(io.stdin);
  const password = await askHidden('Password: ', io.stdin, io.stderr);
  if (password === '') return password;
  const again = await askHidden('Password (again): ', io.stdin, io.stderr);
  if (again !== password) throw new AdminCommandError('The two passwords differ');
  return password;
}

/** The command's options; --password is known only to be refused. */
const ARGUMENTS = {
  unit: { type: 'string' },
  username: { type: 'string' },
  name: { type: 'string' },
  'unit-name': { type: 'string' },
  'unit-type': { type: 'string' },
  password: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseCommandLine(
  argv: string[],
): Pick<AdministratorInput, 'unitId' | 'username' | 'realName' | 'unitName' | 'unitType'> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: ARGUMENTS,
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new AdminCommandError(
      `${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
      2,
    );
  }
  if (values.help === true) throw new AdminCommandError(USAGE, 0);
  if (values.password !== undefined) {
    throw new AdminCommandError(
      'The password is never taken on the command line (the shell history and the process list ' +
        'would keep it): leave out --password and type it at the prompt, or pipe it on stdin',
      2,
    );
  }
  const unitId = Number(values.unit);
  if (values.unit === undefined || !Number.isSafeInteger(unitId) || unitId <= 0) {
    throw new AdminCommandError(`--unit must be a unit id such as 1001\n${USAGE}`, 2);
  }
  const username = values.username?.trim() ?? '';
  if (username === '') throw new AdminCommandError(`--username is required\n${USAGE}`, 2);
  const unitType = values['unit-type'] === undefined ? undefined : unitTypeOf(values['unit-type']);
  if (unitType === undefined && values['unit-type'] !== undefined) {
    throw new AdminCommandError(`--unit-type must be area or school\n${USAGE}`, 2);
  }
  if (unitType !== undefined && values['unit-name'] === undefined) {
    throw new AdminCommandError(`--unit-type goes with --unit-name\n${USAGE}`, 2);
  }
  return {
    unitId,
    username,
    ...(values.name === undefined ? {} : { realName: values.name }),
    ...(values['unit-name'] === undefined ? {} : { unitName: values['unit-name'] }),
    ...(unitType === undefined ? {} : { unitType }),
  };
}

/** The command: returns its exit code (0 created, 1 refused, 2 usage). */
export async function runCreateAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io,
): Promise<number> {
  try {
    const request = parseCommandLine(argv);
    const options = loadOptionsFromEnv(env);
    const password = await readPassword(io);
    // Refuse a weak password before a new database is created for it.
    const problem = passwordProblem(password, request.username);
    if (problem !== undefined) throw new AdminCommandError(problem);

    const now = options.now ?? Date.now;
    const sql = await openSeededDatabase(options);
    try {
      const created = await createAdministrator(
        sql,
        { ...request, password },
        { passwordCost: options.passwordCost, now },
      );
      const origin = options.publicOrigin ?? `http://localhost:${String(options.port)}`;
      if (created.unitCreated) {
        io.stdout.write(
          `Created unit ${String(created.unitId)} ${created.unitName} with the platform's ` +
            'applications; bind its host names (bind-host) and grant its modules (grant-module).\n',
        );
      }
      io.stdout.write(
        `Created administrator "${created.username}" (user ${String(created.userId)}) of unit ` +
          `${String(created.unitId)} ${created.unitName} in ${options.dataDir} (${options.mode} ` +
          `mode). Sign in at ${origin}/login\n`,
      );
      return 0;
    } finally {
      await sql.close();
    }
  } catch (error) {
    if (error instanceof AdminCommandError && error.exitCode === 0) {
      io.stdout.write(`${error.message}\n`);
      return 0;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`create-admin: ${message}\n`);
    return error instanceof AdminCommandError ? error.exitCode : 1;
  }
}

// By name too: compiled into dist/server/admin.mjs, this module shares the bundle's URL.
const entry = process.argv[1];
if (
  entry !== undefined &&
  /^create-admin\.[cm]?[jt]s$/.test(path.basename(entry)) &&
  import.meta.url === pathToFileURL(path.resolve(entry)).href
) {
  void runCreateAdmin(process.argv.slice(2), process.env, process).then((code) => {
    process.exitCode = code;
  });
}

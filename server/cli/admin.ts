import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadOptionsFromEnv, type ServerOptions } from '../config';
import { DATABASE_FILE, describeDatabaseUrl } from '../db/database';
import { openSeededDatabase } from '../db/seed';
import type { Sql } from '../db/sql';
import { addApp } from './app-commands';
import { disableUser, enableUser, listUsers, resetPassword, unlockUser } from './account-commands';
import {
  AdminCommandError,
  type AdminContext,
  type CommandResult,
  refuse,
  type Text,
} from './admin-common';
import { backup, restore } from './backup-commands';
import { runCreateAdmin } from './create-admin';
import { registerDevice, revokeDevice } from './device-commands';
import { importUsers } from './import-users';
import { sendMessage } from './message-commands';
import {
  addUnit,
  bindHost,
  grantModule,
  setUnit,
  unbindHost,
  type UnitChanges,
  unitTypeOf,
} from './unit-commands';

/**
 * The administrator's tool (docs/operations.md, "Accounts, units and devices"):
 * `npm run admin -- <command>` in a checkout, `node dist/server/admin.mjs <command>` on a server.
 * It opens the database the server uses (the same variables), so it works while the server runs,
 * on SQLite and PostgreSQL; each command is one transaction, so a refused one changes nothing.
 * Answers and refusals are in Chinese when the locale (LC_ALL, LC_MESSAGES, LANG) is zh.
 */

const USAGE = text(
  `Usage: npm run admin -- <command> [options]   (on a server: node dist/server/admin.mjs <command>)

  create-admin --unit ID --username NAME [--name REAL NAME]   the first administrator
      [--unit-name NAME [--unit-type area|school]]            (creating its unit when absent)
  add-unit --id ID --type area|school --name NAME [--en-name EN]   a new unit
  set-unit --unit ID [--name NAME] [--en-name EN] [--filing-icp NO] [--filing-police NO]
  bind-host HOST --unit ID | unbind-host HOST                  the host names a unit answers on
  grant-module MODULE --unit ID --until YYYY-MM-DD             a module licence (China time)
  add-app --manifest app.json [--unit ID]                      an application (docs/ph.md)
  import-users FILE.csv --unit ID [--dry-run]                  users from a spreadsheet
  reset-password USER --unit ID                                a new one-time password
  disable USER | enable USER                                   stop or allow an account
  unlock USER                                                  clear an account's sign-in lock
  list-users --unit ID [--type T]                              a unit's accounts
  register-device CLIENT_ID --user USER                        a desktop client signs in staff
  revoke-device CLIENT_ID                                      that client no longer does
  send-message USER --text TEXT [--todo] [--module CODE] [--url URL] [--importance 1-5]
  backup DIR                                                   the database and files, into a new folder
  restore DIR [--yes]                                          replace them from a backup (server stopped)

The database is the server's: run with its variables (EDUDESK_DATA_DIR or EDUDESK_DATABASE_URL).
See docs/operations.md, "Accounts, units and devices".`,
  `用法：npm run admin -- <命令> [选项]   （服务器上：node dist/server/admin.mjs <命令>）

  create-admin --unit 单位ID --username 登录名 [--name 姓名]   创建首个管理员
      [--unit-name 单位名称 [--unit-type area|school]]          （单位不存在时一并创建）
  add-unit --id 单位ID --type area|school --name 名称 [--en-name 英文名]   添加单位
  set-unit --unit 单位ID [--name 名称] [--en-name 英文名] [--filing-icp 备案号] [--filing-police 备案号]
  bind-host 域名 --unit 单位ID | unbind-host 域名              绑定或解除单位的访问域名
  grant-module 模块 --unit 单位ID --until YYYY-MM-DD           模块授权（北京时间）
  add-app --manifest app.json [--unit 单位ID]                  登记应用（见 docs/ph.md）
  import-users 文件.csv --unit 单位ID [--dry-run]              从表格导入用户
  reset-password 用户 --unit 单位ID                            重置为新的一次性密码
  disable 用户 | enable 用户                                   停用或启用账号
  unlock 用户                                                  解除账号的登录锁定
  list-users --unit 单位ID [--type 类型]                       列出单位的账号
  register-device 客户端ID --user 用户                          登记教职工自动登录的桌面客户端
  revoke-device 客户端ID                                        撤销该客户端
  send-message 用户 --text 内容 [--todo] [--module 应用代码] [--url 地址] [--importance 1-5]
  backup 文件夹                                                 将数据库和文件备份到新文件夹
  restore 文件夹 [--yes]                                        从备份恢复（须先停止服务器）

数据库与服务器相同：请使用服务器的环境变量（EDUDESK_DATA_DIR 或 EDUDESK_DATABASE_URL）运行。
详见 docs/operations.md“Accounts, units and devices”。`,
);

function text(en: string, zh: string): Text {
  return { en, zh };
}

type Env = Record<string, string | undefined>;

interface Io {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/** Chinese when the locale says so (LC_ALL over LC_MESSAGES over LANG, as gettext reads them). */
export function languageOf(env: Env): 'zh' | 'en' {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find(
    (value) => value !== undefined && value !== '',
  );
  return locale?.toLowerCase().startsWith('zh') === true ? 'zh' : 'en';
}

interface CommandArgs {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
}

/**
 * One command: its options (parseArgs), how many positionals it takes, and what it does: `run`
 * in one transaction on the server's database, or `runOnData` on the server's data as a whole
 * (backup and restore open the database their own way).
 */
type Command = {
  options: Record<string, { type: 'string' | 'boolean' }>;
  positionals: string[];
} & (
  | { run: (sql: Sql, args: CommandArgs, context: AdminContext) => Promise<CommandResult> }
  | { runOnData: (options: ServerOptions, args: CommandArgs) => Promise<CommandResult> }
);

function unitOf(values: Record<string, string | boolean | undefined>, option = 'unit'): number {
  const raw = values[option];
  const unitId = Number(raw);
  if (
    typeof raw !== 'string' ||
    !/^\d+$/.test(raw) ||
    !Number.isSafeInteger(unitId) ||
    unitId <= 0
  ) {
    throw refuse(
      `--${option} must be a unit id such as 1001`,
      `--${option} 须为单位 ID，例如 1001`,
      2,
    );
  }
  return unitId;
}

function stringOf(
  values: Record<string, string | boolean | undefined>,
  name: string,
): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = stringOf(values, name);
  if (value === undefined || value.trim() === '') {
    throw refuse(`--${name} is required`, `缺少 --${name}`, 2);
  }
  return value;
}

const COMMANDS: Record<string, Command> = {
  'add-unit': {
    options: {
      id: { type: 'string' },
      type: { type: 'string' },
      name: { type: 'string' },
      'en-name': { type: 'string' },
    },
    positionals: [],
    run: (sql, { values }) => {
      const unitType = unitTypeOf(required(values, 'type'));
      if (unitType === undefined) {
        throw refuse(
          '--type must be area or school',
          '--type 须为 area（区域）或 school（学校）',
          2,
        );
      }
      return addUnit(sql, {
        id: unitOf(values, 'id'),
        unitType,
        name: required(values, 'name'),
        enName: stringOf(values, 'en-name') ?? '',
      });
    },
  },
  'set-unit': {
    options: {
      unit: { type: 'string' },
      name: { type: 'string' },
      'en-name': { type: 'string' },
      'filing-icp': { type: 'string' },
      'filing-police': { type: 'string' },
    },
    positionals: [],
    run: (sql, { values }) => {
      const changes: UnitChanges = {};
      const name = stringOf(values, 'name');
      const enName = stringOf(values, 'en-name');
      const filingIcp = stringOf(values, 'filing-icp');
      const filingPolice = stringOf(values, 'filing-police');
      if (name !== undefined) changes.name = name;
      if (enName !== undefined) changes.enName = enName;
      if (filingIcp !== undefined) changes.filingIcp = filingIcp;
      if (filingPolice !== undefined) changes.filingPolice = filingPolice;
      return setUnit(sql, { unitId: unitOf(values), changes });
    },
  },
  'bind-host': {
    options: { unit: { type: 'string' } },
    positionals: ['HOST'],
    run: (sql, { positionals, values }) =>
      bindHost(sql, { host: positionals[0] ?? '', unitId: unitOf(values) }),
  },
  'unbind-host': {
    options: {},
    positionals: ['HOST'],
    run: (sql, { positionals }) => unbindHost(sql, { host: positionals[0] ?? '' }),
  },
  'grant-module': {
    options: { unit: { type: 'string' }, until: { type: 'string' } },
    positionals: ['MODULE'],
    run: (sql, { positionals, values }, context) =>
      grantModule(
        sql,
        { module: positionals[0] ?? '', unitId: unitOf(values), until: required(values, 'until') },
        context,
      ),
  },
  'add-app': {
    options: { manifest: { type: 'string' }, unit: { type: 'string' } },
    positionals: [],
    run: (sql, { values }) =>
      addApp(sql, {
        manifest: path.resolve(required(values, 'manifest')),
        ...(values.unit === undefined ? {} : { unitId: unitOf(values) }),
      }),
  },
  'import-users': {
    options: { unit: { type: 'string' }, 'dry-run': { type: 'boolean' } },
    positionals: ['FILE.csv'],
    run: (sql, { positionals, values }, context) =>
      importUsers(
        sql,
        {
          file: path.resolve(positionals[0] ?? ''),
          unitId: unitOf(values),
          dryRun: values['dry-run'] === true,
        },
        context,
      ),
  },
  'reset-password': {
    options: { unit: { type: 'string' } },
    positionals: ['USER'],
    run: (sql, { positionals, values }, context) =>
      resetPassword(sql, { user: positionals[0] ?? '', unitId: unitOf(values) }, context),
  },
  disable: {
    options: {},
    positionals: ['USER'],
    run: (sql, { positionals }, context) =>
      disableUser(sql, { user: positionals[0] ?? '' }, context),
  },
  enable: {
    options: {},
    positionals: ['USER'],
    run: (sql, { positionals }, context) =>
      enableUser(sql, { user: positionals[0] ?? '' }, context),
  },
  unlock: {
    options: {},
    positionals: ['USER'],
    run: (sql, { positionals }, context) =>
      unlockUser(sql, { user: positionals[0] ?? '' }, context),
  },
  'list-users': {
    options: { unit: { type: 'string' }, type: { type: 'string' } },
    positionals: [],
    run: (sql, { values }) => {
      const type = stringOf(values, 'type');
      return listUsers(sql, { unitId: unitOf(values), ...(type === undefined ? {} : { type }) });
    },
  },
  'register-device': {
    options: { user: { type: 'string' } },
    positionals: ['CLIENT_ID'],
    run: (sql, { positionals, values }, context) =>
      registerDevice(
        sql,
        { clientId: positionals[0] ?? '', user: required(values, 'user') },
        context,
      ),
  },
  'revoke-device': {
    options: {},
    positionals: ['CLIENT_ID'],
    run: (sql, { positionals }) => revokeDevice(sql, { clientId: positionals[0] ?? '' }),
  },
  'send-message': {
    options: {
      text: { type: 'string' },
      todo: { type: 'boolean' },
      module: { type: 'string' },
      url: { type: 'string' },
      importance: { type: 'string' },
    },
    positionals: ['USER'],
    run: (sql, { positionals, values }, context) => {
      const module = stringOf(values, 'module');
      const url = stringOf(values, 'url');
      const importance = stringOf(values, 'importance');
      return sendMessage(
        sql,
        {
          user: positionals[0] ?? '',
          text: required(values, 'text'),
          todo: values.todo === true,
          ...(module === undefined ? {} : { module }),
          ...(url === undefined ? {} : { url }),
          ...(importance === undefined ? {} : { importance: Number(importance) }),
        },
        context,
      );
    },
  },
  backup: {
    options: {},
    positionals: ['DIR'],
    runOnData: (options, { positionals }) => backup(options, { dir: positionals[0] ?? '' }),
  },
  restore: {
    options: { yes: { type: 'boolean' } },
    positionals: ['DIR'],
    runOnData: (options, { positionals, values }) =>
      restore(options, { dir: positionals[0] ?? '', yes: values.yes === true }),
  },
};

/**
 * The server's database. SQLite's file must exist already: a command run without the server's
 * EDUDESK_DATA_DIR would otherwise make a new, empty database and change nothing that matters.
 */
async function openServerDatabase(options: ServerOptions): Promise<Sql> {
  if (options.databaseUrl === undefined) {
    const file = path.join(options.dataDir, DATABASE_FILE);
    if (!fs.existsSync(file)) {
      throw refuse(
        `There is no database at ${file}: run with the server's EDUDESK_DATA_DIR (or EDUDESK_DATABASE_URL)`,
        `${file} 处没有数据库：请使用服务器的 EDUDESK_DATA_DIR（或 EDUDESK_DATABASE_URL）运行`,
      );
    }
  }
  return openSeededDatabase(options);
}

function where(options: ServerOptions): string {
  return options.databaseUrl === undefined
    ? path.join(options.dataDir, DATABASE_FILE)
    : describeDatabaseUrl(options.databaseUrl);
}

/** Runs one command line; returns its exit code (0 done, 1 refused, 2 usage). */
export async function runAdmin(argv: string[], env: Env, io: Io): Promise<number> {
  const language = languageOf(env);
  const say = (line: Text) => line[language];
  const [name, ...rest] = argv;
  if (name === 'create-admin') return runCreateAdmin(rest, env, io);
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.stdout.write(`${say(USAGE)}\n`);
      return name === undefined ? 2 : 0;
    }
    const command = COMMANDS[name];
    if (!command) {
      throw refuse(`Unknown command "${name}"\n${USAGE.en}`, `未知命令“${name}”\n${USAGE.zh}`, 2);
    }
    let parsed;
    try {
      parsed = parseArgs({
        args: rest,
        options: { ...command.options, help: { type: 'boolean', short: 'h' } },
        strict: true,
        allowPositionals: true,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw refuse(`${reason}\n${USAGE.en}`, `${reason}\n${USAGE.zh}`, 2);
    }
    if (parsed.values.help === true) {
      io.stdout.write(`${say(USAGE)}\n`);
      return 0;
    }
    if (parsed.positionals.length !== command.positionals.length) {
      const wanted = command.positionals.join(' ') || '(none)';
      throw refuse(
        `${name} takes ${wanted} as its argument(s)\n${USAGE.en}`,
        `${name} 的参数为 ${wanted}\n${USAGE.zh}`,
        2,
      );
    }
    const options = loadOptionsFromEnv(env);
    const args = { positionals: parsed.positionals, values: parsed.values };
    if ('runOnData' in command) {
      for (const line of (await command.runOnData(options, args)).lines) {
        io.stdout.write(`${say(line)}\n`);
      }
      return 0;
    }
    const sql = await openServerDatabase(options);
    try {
      const result = await command.run(sql, args, {
        passwordCost: options.passwordCost,
        hashing: options.hashing,
        now: options.now ?? Date.now,
      });
      for (const line of result.lines) io.stdout.write(`${say(line)}\n`);
      return 0;
    } catch (error) {
      if (error instanceof AdminCommandError) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw refuse(
        `${reason} (database ${where(options)}); nothing was changed`,
        `${reason}（数据库 ${where(options)}）；未做任何更改`,
      );
    } finally {
      await sql.close();
    }
  } catch (error) {
    const message =
      error instanceof AdminCommandError
        ? language === 'zh'
          ? (error.zh ?? error.message)
          : error.message
        : error instanceof Error
          ? error.message
          : String(error);
    io.stderr.write(`admin${name === undefined ? '' : ` ${name}`}: ${message}\n`);
    return error instanceof AdminCommandError ? error.exitCode : 1;
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  void runAdmin(process.argv.slice(2), process.env, process).then((code) => {
    process.exitCode = code;
  });
}

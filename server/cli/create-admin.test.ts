import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEFAULT_OPTIONS, loadOptionsFromEnv } from '../config';
import { PRODUCT_ROOT } from '../product-root';
import { createTestApp, login, TEST_PASSWORD_COST, type TestApp } from '../testing/test-app';
import { UserRepository } from '../uaa/users';
import { createAdministrator, passwordProblem, runCreateAdmin } from './create-admin';

const PASSWORD = 'Correct-Horse-Battery-2026';
const HTTPS_ORIGIN = 'https://edu.example.org';
const UNIT_NAME = '明德中学';

describe('createAdministrator (npm run create-admin)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ mode: 'production', publicOrigin: HTTPS_ORIGIN });
  });
  afterEach(async () => {
    await t.close();
  });

  async function create(
    username: string,
    password: string,
    unitId = 1001,
    unit: { unitName?: string; unitType?: 1 | 2 } = { unitName: UNIT_NAME },
  ) {
    return createAdministrator(
      await t.database(),
      { unitId, username, password, ...unit },
      { passwordCost: TEST_PASSWORD_COST, now: t.clock.now },
    );
  }

  it('creates a unit administrator who then signs in through POST login', async () => {
    const created = await create('admin', PASSWORD);
    expect(created).toMatchObject({
      username: 'admin',
      unitId: 1001,
      unitName: UNIT_NAME,
      unitCreated: true,
    });
    const response = await login(t.app, {
      username: 'admin',
      password: PASSWORD,
      host: 'localhost',
    });
    expect(response.json()).toMatchObject({ status: 200, data: { unitId: '1001' } });
    // XX_SYS_ in base marks a unit administrator (spec §6).
    const users = new UserRepository(await t.database());
    expect(await users.hasRole(created.userId, 'XX_SYS_', 'base')).toBe(true);
  });

  it('refuses an empty or weak password, saying what is wrong', async () => {
    await expect(create('admin', '')).rejects.toThrow('The password is empty');
    await expect(create('admin', 'Short-1')).rejects.toThrow(
      'The password is too short: use at least 12 characters',
    );
    await expect(create('admin', 'aaaaaaaaaaaaaaaa')).rejects.toThrow(/too easy to guess/);
    await expect(create('admin', 'admin-admin-2026')).rejects.toThrow(
      'The password must not contain the username',
    );
    await expect(create('admin', '123456789012')).rejects.toThrow(/too easy to guess/);
    // Well-known passwords, however dressed up (zxcvbn-ts's common-passwords list).
    for (const common of ['P@ssw0rd2026', 'Passw0rd!!!!', 'qwer1234qwer', 'Sunshine2026!']) {
      expect(passwordProblem(common, 'admin'), common).toMatch(/too easy to guess/);
    }
    expect(passwordProblem(PASSWORD, 'admin')).toBeUndefined();
    expect(passwordProblem('Gx7$kLm2pQ9z', 'admin')).toBeUndefined();
    // Nothing was created by the refused attempts.
    expect(
      (await login(t.app, { username: 'admin', password: '', host: 'localhost' })).statusCode,
    ).toBe(400);
  });

  it('refuses a username that exists (in any case) and a unit that does not', async () => {
    await create('admin', PASSWORD);
    await expect(create('ADMIN', `${PASSWORD}!`)).rejects.toThrow(
      'The username "ADMIN" is already taken',
    );
    await expect(create('admin2', PASSWORD, 4242, {})).rejects.toThrow(
      'There is no unit 4242 (units: 1001 明德中学): give --unit-name to create it',
    );
    await expect(create('bad name', PASSWORD)).rejects.toThrow(/username/);
  });

  it('creates the unit it names once; the name must then be the unit’s', async () => {
    const area = await create('quadmin', PASSWORD, 3001, { unitName: '西湖区教育局', unitType: 1 });
    expect(area).toMatchObject({ unitCreated: true, unitName: '西湖区教育局' });
    // An area unit's administrator is an area user (spec §1).
    expect(
      await (await t.database()).get('SELECT user_type FROM users WHERE id = ?', [area.userId]),
    ).toEqual({ user_type: 1 });
    expect(
      await create('quadmin2', PASSWORD, 3001, { unitName: '西湖区教育局', unitType: 1 }),
    ).toMatchObject({ unitCreated: false });
    expect(await create('quadmin3', PASSWORD, 3001, {})).toMatchObject({ unitCreated: false });
    // The type need not be repeated; given, it must be the unit's.
    expect(await create('quadmin6', PASSWORD, 3001, { unitName: '西湖区教育局' })).toMatchObject({
      unitCreated: false,
    });
    await expect(
      create('quadmin7', PASSWORD, 3001, { unitName: '西湖区教育局', unitType: 2 }),
    ).rejects.toThrow('Unit 3001 exists as "西湖区教育局" (type 1)');
    await expect(create('quadmin4', PASSWORD, 3001, { unitName: '东湖区教育局' })).rejects.toThrow(
      'Unit 3001 exists as "西湖区教育局" (type 1): leave out --unit-name and --unit-type, or rename it with set-unit',
    );
    await expect(create('quadmin5', PASSWORD, 3002, { unitName: 'a|||b' })).rejects.toThrow(
      '--unit-name may not contain',
    );
    // Nothing of the refused ones was created.
    const units = await (await t.database()).all('SELECT id FROM units ORDER BY id');
    expect(units).toEqual([{ id: 3001 }]);
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run create-admin -- …` does (tsx), the password on its stdin. */
function runCommand(args: string[], input: string, env: Record<string, string>): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/cli/create-admin.ts', ...args],
    {
      cwd: PRODUCT_ROOT,
      env: { ...process.env, EDUDESK_LOG: '0', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    stderr += data.toString();
  });
  child.stdin.end(input);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe('the create-admin command', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-create-admin-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first administrator of a new production database from stdin', async () => {
    const env = {
      EDUDESK_MODE: 'production',
      EDUDESK_PUBLIC_ORIGIN: HTTPS_ORIGIN,
      EDUDESK_DATA_DIR: dataDir,
    };
    // In this process (a child costs seconds on a loaded machine): no unit yet, none named.
    let refusal = '';
    const noUnit = await runCreateAdmin(['--unit', '1001', '--username', 'admin'], env, {
      stdin: Readable.from([`${PASSWORD}\n`]) as unknown as NodeJS.ReadStream,
      stdout: process.stdout,
      stderr: {
        write: (chunk: string) => {
          refusal += chunk;
          return true;
        },
      } as unknown as NodeJS.WriteStream,
    });
    expect(noUnit).toBe(1);
    expect(refusal).toContain('There is no unit 1001 (units: none): give --unit-name');

    const run = await runCommand(
      ['--unit', '1001', '--username', 'admin', '--unit-name', UNIT_NAME],
      `${PASSWORD}\n`,
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Created unit 1001 ${UNIT_NAME}`);
    expect(run.stdout).toContain('Created administrator "admin"');

    const again = await runCommand(['--unit', '1001', '--username', 'admin'], `${PASSWORD}\n`, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The username "admin" is already taken');

    const app = await buildApp({
      ...DEFAULT_OPTIONS,
      ...loadOptionsFromEnv(env),
      webRoot: path.join(dataDir, 'no-web-build'),
      logger: false,
    });
    try {
      const response = await login(app, {
        username: 'admin',
        password: PASSWORD,
        host: 'localhost',
      });
      expect(response.json()).toMatchObject({ status: 200 });
      // The production seed ran: the demo accounts do not exist.
      const demo = await login(app, { username: 'teacher01' });
      expect(demo.json()).toMatchObject({ status: 400, code: 'invalid_grant' });
    } finally {
      await app.close();
    }
  });

  it('never takes the password from the command line, and refuses a weak one from stdin', async () => {
    const env = { EDUDESK_DATA_DIR: dataDir };
    const inArgs = await runCommand(
      ['--unit', '1001', '--username', 'admin', '--password', PASSWORD],
      '',
      env,
    );
    expect(inArgs.code).toBe(2);
    expect(inArgs.stderr).toContain('The password is never taken on the command line');

    const weak = await runCommand(['--unit', '1001', '--username', 'admin'], 'short\n', env);
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('The password is too short');

    const empty = await runCommand(['--unit', '1001', '--username', 'admin'], '', env);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('The password is empty');
  });
});

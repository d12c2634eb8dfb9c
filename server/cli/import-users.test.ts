import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultHashingLimits } from '../auth/password-hasher';
import { createTestApp, login, TEST_PASSWORD_COST, type TestApp } from '../testing/test-app';
import { USER_PASSWORD_MIN_LENGTH } from './admin-common';
import { importUsers } from './import-users';

const UNIT = 1001;

describe('import-users', () => {
  let t: TestApp;
  let folder: string;
  beforeEach(async () => {
    t = await createTestApp();
    folder = fs.mkdtempSync(path.join(t.dataDir, 'csv-'));
  });
  afterEach(async () => {
    await t.close();
  });

  function write(name: string, lines: string[], bom = false): string {
    const file = path.join(folder, name);
    fs.writeFileSync(file, `${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`);
    return file;
  }

  async function run(file: string, dryRun = false, unitId = UNIT) {
    return importUsers(
      await t.database(),
      { file, unitId, dryRun },
      { passwordCost: TEST_PASSWORD_COST, hashing: defaultHashingLimits(), now: t.clock.now },
    );
  }

  async function count(): Promise<number> {
    const row = await (await t.database()).get<{ n: number }>('SELECT COUNT(*) AS n FROM users');
    return Number(row?.n);
  }

  const CLASS = [
    'login_name,name,user_type,password,phone,email,children,roles',
    'pupil01,陈小一,student,,,,,',
    'pupil02,"陈, 小二",5,,,,,',
    'mama01,陈妈妈,parent,,13800000001,mama@example.org,pupil01;pupil02,',
    'laoshi01,黄老师,teacher,Tiger-Lily-88,,,,XX_SYS_',
  ];

  it('creates users with one-time passwords that sign in, and updates them on a second run', async () => {
    const before = await count();
    const file = write('class.csv', CLASS, true);
    const result = await run(file);
    expect(result).toMatchObject({ created: 4, updated: 0 });
    expect(await count()).toBe(before + 4);

    // The generated passwords: beside the CSV, the operator's only.
    const passwordsFile = result.passwordsFile ?? '';
    expect(path.dirname(passwordsFile)).toBe(folder);
    expect(fs.statSync(passwordsFile).mode & 0o777).toBe(0o600);
    const listed = fs
      .readFileSync(passwordsFile, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(listed[0]).toBe('login_name,name,password');
    expect(listed).toHaveLength(4); // header and the three without a password
    const pupil = listed.find((line) => line.startsWith('pupil01,'))?.split(',')[2] ?? '';
    expect(pupil).toMatch(/^[A-Za-z2-9]{12}$/);

    const signIn = await login(t.app, { username: 'pupil01', password: pupil, host: 'localhost' });
    expect(signIn.json()).toMatchObject({ status: 200, data: { userType: '5' } });
    const teacher = await login(t.app, {
      username: 'LAOSHI01',
      password: 'Tiger-Lily-88',
      host: 'localhost',
    });
    expect(teacher.json()).toMatchObject({ status: 200 });

    const sql = await t.database();
    expect(
      await sql.all(
        `SELECT login_name, must_change_password, phone, email FROM users
         WHERE login_name IN ('pupil01', 'mama01', 'laoshi01') ORDER BY login_name`,
      ),
    ).toEqual([
      { login_name: 'laoshi01', must_change_password: 1, phone: '', email: '' },
      {
        login_name: 'mama01',
        must_change_password: 1,
        phone: '13800000001',
        email: 'mama@example.org',
      },
      { login_name: 'pupil01', must_change_password: 1, phone: '', email: '' },
    ]);
    const children = async () =>
      sql.all(
        `SELECT c.real_name, c.sort_order FROM children c JOIN users p ON p.id = c.parent_user_id
         WHERE p.login_name = 'mama01' ORDER BY c.sort_order`,
      );
    expect(await children()).toEqual([
      { real_name: '陈小一', sort_order: 0 },
      { real_name: '陈, 小二', sort_order: 1 },
    ]);
    expect(
      await sql.get(
        `SELECT role_code FROM user_roles r JOIN users u ON u.id = r.user_id
         WHERE u.login_name = 'laoshi01'`,
      ),
    ).toEqual({ role_code: 'XX_SYS_' });

    // The same file again, one pupil renamed and one child less: updated, never duplicated,
    // passwords kept.
    const again = write('class.csv', [
      ...CLASS.slice(0, 2),
      'pupil02,陈小二,5,,,,,',
      'mama01,陈妈妈,parent,,13800000002,,pupil02,',
      CLASS[4] ?? '',
    ]);
    const second = await run(again);
    expect(second).toMatchObject({ created: 0, updated: 4 });
    expect(second.passwordsFile).toBeUndefined();
    expect(await count()).toBe(before + 4);
    expect(await children()).toEqual([{ real_name: '陈小二', sort_order: 0 }]);
    const still = await login(t.app, { username: 'pupil01', password: pupil, host: 'localhost' });
    expect(still.json()).toMatchObject({ status: 200 });
  });

  it('refuses a file with bad rows, naming each line and field, and imports none of it', async () => {
    const before = await count();
    const file = write('bad.csv', [
      'login_name,name,user_type,password,children',
      'good01,好学生,student,,',
      'bad name,某人,student,,',
      'good02,,teacher,,',
      'good03,某人,principal,,',
      'good04,某人,teacher,short,',
      'good05,某人,teacher,12345678,',
      'good06,某人,teacher,,good01',
      'GOOD01,某人,student,,',
      'good07,某人,parent,,teacher01',
    ]);
    const refusal = run(file);
    await expect(refusal).rejects.toThrow(/Nothing was imported: 8 problem\(s\)/);
    const message = await refusal.catch((error: unknown) => String(error));
    for (const expected of [
      'line 3, login_name',
      'line 4, name: is empty',
      'line 5, user_type: "principal" is not a user type',
      `line 6, password: too short: at least ${String(USER_PASSWORD_MIN_LENGTH)} characters`,
      'line 7, password: too easy to guess',
      'line 8, children: only a parent',
      'line 9, login_name: "GOOD01" is already on line 2',
      'line 10, children: "teacher01" is not a student of this unit',
    ]) {
      expect(message).toContain(expected);
    }
    expect(await count()).toBe(before);
    expect(fs.readdirSync(folder)).toEqual(['bad.csv']);

    // An account of another unit is not taken over; a header without the required columns is named.
    await expect(
      run(write('other.csv', ['login_name,name,user_type', 'area01,某人,area'])),
    ).rejects.toThrow('line 2, login_name: "area01" is an account of unit 2001');
    await expect(run(write('header.csv', ['login,name,user_type']))).rejects.toThrow(
      'Line 1: unknown column "login"',
    );
    await expect(run(write('none.csv', ['login_name,name']))).rejects.toThrow(
      'the header lacks user_type',
    );
    fs.writeFileSync(path.join(folder, 'gbk.csv'), Buffer.from([0x6c, 0x2c, 0xd5, 0xc5]));
    await expect(run(path.join(folder, 'gbk.csv'))).rejects.toThrow('is not UTF-8 text');
    await expect(run(file, false, 4242)).rejects.toThrow('There is no unit 4242');
  });

  it('checks a file without writing anything on --dry-run', async () => {
    const before = await count();
    const file = write('class.csv', CLASS);
    const result = await run(file, true);
    expect(result).toMatchObject({ created: 4, updated: 0, dryRun: true });
    expect(result.lines[0]?.en).toContain('Dry run');
    expect(await count()).toBe(before);
    expect(fs.readdirSync(folder)).toEqual(['class.csv']);
  });
});

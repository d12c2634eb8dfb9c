import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultHashingLimits } from '../auth/password-hasher';
import {
  createTestApp,
  DEMO_PASSWORD,
  login,
  TEST_PASSWORD_COST,
  type TestApp,
} from '../testing/test-app';
import { disableUser, enableUser, listUsers, resetPassword, unlockUser } from './account-commands';

describe('account commands', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const context = () => ({
    passwordCost: TEST_PASSWORD_COST,
    hashing: defaultHashingLimits(),
    now: t.clock.now,
  });
  const status = async (username: string, password = DEMO_PASSWORD) =>
    (await login(t.app, { username, password })).json<{ status: number; code: string }>();

  it('reset-password gives a one-time password that signs in, and ends the old one', async () => {
    const sql = await t.database();
    const reset = await resetPassword(sql, { user: 'Teacher02', unitId: 1001 }, context());
    expect(reset.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(reset.lines[0]?.en).toContain(reset.password);
    expect(await status('teacher02')).toMatchObject({ status: 400, code: 'invalid_grant' });
    expect(await status('teacher02', reset.password)).toMatchObject({ status: 200 });
    expect(
      await sql.get('SELECT must_change_password FROM users WHERE id = ?', [reset.userId]),
    ).toEqual({ must_change_password: 1 });
    // Only the unit's own accounts.
    await expect(resetPassword(sql, { user: 'area01', unitId: 1001 }, context())).rejects.toThrow(
      'There is no user "area01" in unit 1001',
    );
  });

  it('disable stops an account at once; enable lets it in again', async () => {
    const sql = await t.database();
    const disabled = await disableUser(sql, { user: 'teacher02' }, context());
    expect(disabled.changed).toBe(true);
    expect(await status('teacher02')).toMatchObject({ code: 'account_disabled' });
    expect((await disableUser(sql, { user: 'teacher02' }, context())).changed).toBe(false);
    expect((await enableUser(sql, { user: 'teacher02' }, context())).changed).toBe(true);
    expect(await status('teacher02')).toMatchObject({ status: 200 });
    await expect(disableUser(sql, { user: 'nobody' }, context())).rejects.toThrow(
      'There is no user "nobody"',
    );
  });

  it('unlock lets a locked-out user sign in at once', async () => {
    const sql = await t.database();
    for (let attempt = 0; attempt < t.options.throttle.maxFailures; attempt += 1) {
      await status('teacher02', 'not-her-password');
    }
    expect(await status('teacher02')).not.toMatchObject({ status: 200 });
    const unlocked = await unlockUser(sql, { user: 'teacher02' }, context());
    expect(unlocked.locks).toBe(1);
    expect(await status('teacher02')).toMatchObject({ status: 200 });
    expect((await unlockUser(sql, { user: 'teacher02' }, context())).locks).toBe(0);
  });

  it('list-users shows a unit’s accounts as a table, by type', async () => {
    const sql = await t.database();
    const parents = await listUsers(sql, { unitId: 1001, type: 'parent' });
    expect(parents.users.map((user) => user.loginName)).toEqual([
      'parent01',
      'parent02',
      'parent03',
    ]);
    const [tableText, summary] = parents.lines;
    expect(tableText?.en.split('\n')[0]).toMatch(/^ID\s+LOGIN NAME\s+NAME\s+TYPE\s+STATUS/);
    expect(tableText?.en).toContain('parent01    张家长  3 parent  active');
    expect(summary?.zh).toBe('单位 1001 阳光实验小学 共 3 个用户。');
    expect((await listUsers(sql, { unitId: 1001 })).users).toHaveLength(7);
    await expect(listUsers(sql, { unitId: 1001, type: 'principal' })).rejects.toThrow('--type');
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_ROOT } from '../product-root';
import { createTestApp, type TestApp } from '../testing/test-app';
import { languageOf, runAdmin } from './admin';

/** A stream that keeps what is written to it. */
function sink(): NodeJS.WriteStream & { text: () => string } {
  let written = '';
  return {
    write: (chunk: string) => {
      written += chunk;
      return true;
    },
    text: () => written,
  } as unknown as NodeJS.WriteStream & { text: () => string };
}

describe('the admin command line', () => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp();
    env = {
      EDUDESK_DATA_DIR: t.dataDir,
      ...(t.options.databaseUrl === undefined
        ? {}
        : { EDUDESK_DATABASE_URL: t.options.databaseUrl }),
      EDUDESK_LOG: '0',
      EDUDESK_HASH_THREADS: '1',
    };
  });
  afterEach(async () => {
    await t.close();
  });

  async function admin(args: string[], more: Record<string, string> = {}) {
    const stdout = sink();
    const stderr = sink();
    const code = await runAdmin(
      args,
      { ...env, ...more },
      {
        stdin: process.stdin,
        stdout,
        stderr,
      },
    );
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  it('runs a command on the server’s database and says what it did', async () => {
    const listed = await admin(['list-users', '--unit', '2001']);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(listed.stdout).toContain('area01');
    expect(listed.stdout).toContain('1 user(s) in unit 2001');

    const file = path.join(t.dataDir, 'staff.csv');
    fs.writeFileSync(file, 'login_name,name,user_type\nstaff77,某职工,staff\n');
    const imported = await admin(['import-users', file, '--unit', '1001'], { LANG: 'zh_CN.UTF-8' });
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('新建 1 个');
    const disabled = await admin(['disable', 'staff77']);
    expect(disabled).toMatchObject({ code: 0 });
    expect(disabled.stdout).toContain('Disabled "staff77"');
  });

  it('refuses with exit 1 (a refusal) or 2 (a usage error), in the locale’s language', async () => {
    const unknownUser = await admin(['unlock', 'nobody'], { LANG: 'zh_CN.UTF-8' });
    expect(unknownUser).toMatchObject({ code: 1, stdout: '' });
    expect(unknownUser.stderr).toBe('admin unlock: 没有用户“nobody”\n');
    const english = await admin(['unlock', 'nobody'], { LANG: 'en_GB.UTF-8' });
    expect(english.stderr).toBe('admin unlock: There is no user "nobody"\n');

    expect((await admin(['frobnicate'])).code).toBe(2);
    expect((await admin(['list-users'])).stderr).toContain('--unit must be a unit id');
    expect((await admin(['disable'])).code).toBe(2);
    expect((await admin(['list-users', '--unit', '1001', '--bogus'])).code).toBe(2);
    expect((await admin(['--help'])).code).toBe(0);

    if (t.options.databaseUrl === undefined) {
      const nowhere = await admin(['unlock', 'teacher01'], {
        EDUDESK_DATA_DIR: path.join(t.dataDir, 'elsewhere'),
      });
      expect(nowhere.code).toBe(1);
      expect(nowhere.stderr).toContain('There is no database at');
      expect(fs.existsSync(path.join(t.dataDir, 'elsewhere'))).toBe(false);
    }
  });

  it('chooses Chinese by LC_ALL, LC_MESSAGES, then LANG', () => {
    expect(languageOf({ LANG: 'zh_CN.UTF-8' })).toBe('zh');
    expect(languageOf({ LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(languageOf({ LC_MESSAGES: 'zh_TW.UTF-8' })).toBe('zh');
    expect(languageOf({})).toBe('en');
  });

  it('runs as `npm run admin` does, with its exit code', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/cli/admin.ts', 'unlock', 'nobody'],
      { cwd: PRODUCT_ROOT, env: { ...process.env, ...env, LANG: 'zh_CN.UTF-8', LC_ALL: '' } },
    );
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => {
      stderr += data.toString();
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(stderr).toBe('admin unlock: 没有用户“nobody”\n');
    expect(code).toBe(1);
  });
});

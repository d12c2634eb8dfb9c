import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API, STORAGE_API } from '../../contract/api-paths';
import type { UploadedFileInfo } from '../../contract/upload';
import { buildApp } from '../app';
import { defaultHashingLimits } from '../auth/password-hasher';
import { filesDirOf } from '../config';
import { DATABASE_FILE, openDatabase } from '../db/database';
import { bytes, filesUnder, postMultipart } from '../storage/upload-test-helpers';
import {
  cookieOf,
  createTestApp,
  login,
  signIn,
  TEST_PASSWORD_COST,
  type TestApp,
} from '../testing/test-app';
import { TEST_POSTGRES_URL } from '../testing/test-database';
import { PRODUCT_VERSION } from '../apps/version-data';
import { SCHEMA_VERSION } from '../db/migrate';
import { runAdmin } from './admin';
import { type Manifest, MANIFEST_FILE } from './backup-commands';
import { importUsers } from './import-users';

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

const PASSWORD = 'Tiger-Lily-88';

/** The users in the server's database, read as an operator would. */
async function usersIn(options: TestApp['options']): Promise<number> {
  const sql = await openDatabase(options);
  try {
    return Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n);
  } finally {
    await sql.close();
  }
}

function colorOf(app: FastifyInstance, cookie: string): Promise<string> {
  return app
    .inject({ url: DESKTOP_API.myDesktopColor, headers: { cookie } })
    .then((response) => response.json<{ data: string }>().data);
}

describe('admin backup and restore', () => {
  let t: TestApp;
  let restarted: FastifyInstance | undefined;
  let folder: string;
  let env: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-backup-test-'));
    env = {
      EDUDESK_DATA_DIR: t.dataDir,
      ...(t.options.databaseUrl === undefined
        ? {}
        : { EDUDESK_DATABASE_URL: t.options.databaseUrl }),
      EDUDESK_LOG: '0',
    };
  });
  afterEach(async () => {
    await restarted?.close();
    restarted = undefined;
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function admin(args: string[]) {
    const stdout = sink();
    const stderr = sink();
    const code = await runAdmin(args, env, { stdin: process.stdin, stdout, stderr });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }

  /** A copy of the backup with its manifest changed by `edit`, or a file changed by `damage`. */
  function alteredCopy(
    source: string,
    name: string,
    edit: (manifest: Manifest, dir: string) => void,
  ): string {
    const dir = path.join(folder, name);
    fs.cpSync(source, dir, { recursive: true });
    const file = path.join(dir, MANIFEST_FILE);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    edit(manifest, dir);
    fs.writeFileSync(file, JSON.stringify(manifest));
    return dir;
  }

  it('backs up a running server, and a wiped one comes back whole', async () => {
    // Data: a user imported by the admin tool, a session, a theme, an uploaded file.
    const csv = path.join(folder, 'staff.csv');
    fs.writeFileSync(
      csv,
      `login_name,name,user_type,password\nbackup01,备份老师,teacher,${PASSWORD}\n`,
    );
    const operator = await openDatabase(t.options);
    try {
      await importUsers(
        operator,
        { file: csv, unitId: 1001 },
        { passwordCost: TEST_PASSWORD_COST, hashing: defaultHashingLimits(), now: t.clock.now },
      );
      // A partner's token, as the OAuth server stores one.
      await operator.run(
        `INSERT INTO oauth_tokens (token_hash, kind, grant_id, client_id, user_id, unit_id, scope,
           expires_at) VALUES ('partner-token', 'access', 1, 'partner', 10002, 1001, 'profile', ?)`,
        [t.clock.now() + 3_600_000],
      );
    } finally {
      await operator.close();
    }
    const { cookie } = await signIn(t.app, 'teacher02');
    const themed = await t.app.inject({
      method: 'POST',
      url: DESKTOP_API.setTheme,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        type: 'color',
        theme: JSON.stringify({ theme: 'ink' }),
      }).toString(),
    });
    expect(themed.json()).toMatchObject({ status: 200 });
    const theme = await colorOf(t.app, cookie);
    expect(theme).toContain('ink');
    const data = bytes(300_000, 46);
    const uploaded = await postMultipart(
      t.app,
      STORAGE_API.upload,
      {},
      { name: '课表.pdf', data },
      cookie,
    );
    const fileId = uploaded.json<{ data: UploadedFileInfo }>().data.id;

    // The backup, taken while the server runs.
    const dir = path.join(folder, 'backup');
    const backedUp = await admin(['backup', dir]);
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toContain(`into ${dir}`);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    const engine = t.options.databaseUrl === undefined ? 'sqlite' : 'postgres';
    expect(manifest).toMatchObject({ version: PRODUCT_VERSION, schema: SCHEMA_VERSION, engine });
    const sha256 = createHash('sha256').update(data).digest('hex');
    expect(manifest.files).toContainEqual(expect.objectContaining({ size: data.length, sha256 }));
    expect(manifest.files.map((file) => file.path)).toContain(manifest.database);

    // Never inside the files folder, which a restore empties.
    expect((await admin(['backup', path.join(filesDirOf(t.options), 'backup')])).stderr).toContain(
      'must be apart',
    );
    // Never into a folder that holds something.
    expect(await admin(['backup', dir])).toMatchObject({ code: 1 });
    expect((await admin(['backup', dir])).stderr).toContain('is not empty');

    // A damaged or foreign backup is refused before anything is touched, server running or not.
    const damaged = alteredCopy(dir, 'damaged', (_manifest, copy) => {
      const [stored] = filesUnder(path.join(copy, 'files', 'files'));
      const file = path.join(copy, 'files', 'files', stored ?? '');
      const content = fs.readFileSync(file);
      content[1000] = (content[1000] ?? 0) ^ 1;
      fs.writeFileSync(file, content);
    });
    const refusedDamaged = await admin(['restore', damaged, '--yes']);
    expect(refusedDamaged.code).toBe(1);
    expect(refusedDamaged.stderr).toContain('is damaged');
    expect(refusedDamaged.stderr).toContain('SHA-256 differs');
    const newer = alteredCopy(dir, 'newer', (edited) => {
      edited.schema = SCHEMA_VERSION + 1;
    });
    expect((await admin(['restore', newer, '--yes'])).stderr).toContain(
      'is newer than this version',
    );
    const escaping = alteredCopy(dir, 'escaping', (edited) => {
      edited.files.push({ path: 'files/../../etc/passwd', size: 1, sha256: '0'.repeat(64) });
    });
    expect((await admin(['restore', escaping, '--yes'])).stderr).toContain(
      'files/../../etc/passwd: not a plain relative path',
    );
    expect((await admin(['restore', folder, '--yes'])).stderr).toContain('is not a backup');

    // Not over a running server.
    const running = await admin(['restore', dir, '--yes']);
    expect(running.code).toBe(1);
    expect(running.stderr).toMatch(/stop it|stop every node/);

    // Stop the server, wipe its data; a new empty database, with a table of a newer version.
    await t.app.close();
    const storage = filesDirOf(t.options);
    fs.rmSync(storage, { recursive: true, force: true });
    if (t.options.databaseUrl === undefined) {
      for (const suffix of ['', '-wal', '-shm']) {
        fs.rmSync(path.join(t.dataDir, `${DATABASE_FILE}${suffix}`), { force: true });
      }
    } else {
      const wipe = await openDatabase(t.options);
      await wipe.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await wipe.close();
    }
    const empty = await openDatabase(t.options);
    await empty.exec('CREATE TABLE left_by_a_newer_version (id INTEGER)');
    await empty.close();

    // Without --yes: says what it would replace, and does nothing.
    const asked = await admin(['restore', dir]);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('run again with --yes');
    expect(filesUnder(storage)).toEqual([]);

    const restored = await admin(['restore', dir, '--yes']);
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(restored.stdout).toContain('Restored');

    // Everything is back, through the server, but the sessions: each had to sign in again.
    restarted = await buildApp(t.options);
    const ended = await restarted.inject({ url: API.me, headers: { cookie } });
    expect(ended.statusCode).toBe(401);
    const again = (await signIn(restarted, 'teacher02')).cookie;
    const me = await restarted.inject({ url: API.me, headers: { cookie: again } });
    expect(me.json()).toMatchObject({ status: 200, data: { loginName: 'teacher02' } });
    expect(await colorOf(restarted, again)).toBe(theme);
    const download = await restarted.inject({
      url: `${STORAGE_API.download}?id=${fileId}`,
      headers: { cookie: again },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(data)).toBe(true);
    const signedIn = await login(restarted, { username: 'backup01', password: PASSWORD });
    expect(cookieOf(signedIn, 'SY_ACCESS_TOKEN')).toBeTruthy();
    const check = await openDatabase(t.options);
    try {
      expect(
        await check.get("SELECT revoked_at FROM oauth_tokens WHERE token_hash = 'partner-token'"),
      ).toEqual({ revoked_at: expect.any(Number) as unknown });
      await expect(
        check.get('SELECT COUNT(*) AS n FROM left_by_a_newer_version'),
      ).rejects.toThrow();
    } finally {
      await check.close();
    }
  });
  it.runIf(TEST_POSTGRES_URL !== undefined)(
    'leaves PostgreSQL as it was when the dump breaks off',
    async () => {
      const dir = path.join(folder, 'backup');
      expect((await admin(['backup', dir])).code).toBe(0);
      await t.app.close();
      const truncated = alteredCopy(dir, 'truncated', (manifest, copy) => {
        const dump = path.join(copy, manifest.database);
        const content = fs.readFileSync(dump);
        const half = content.subarray(0, Math.floor(content.length / 2));
        fs.writeFileSync(dump, half);
        const entry = manifest.files.find((file) => file.path === manifest.database);
        if (entry) {
          entry.size = half.length;
          entry.sha256 = createHash('sha256').update(half).digest('hex');
        }
      });
      const before = await usersIn(t.options);
      expect(before).toBeGreaterThan(0);
      const failed = await admin(['restore', truncated, '--yes']);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/Restoring PostgreSQL .* failed: (pg_restore|psql) failed/);
      expect(await usersIn(t.options)).toBe(before);
    },
  );
});

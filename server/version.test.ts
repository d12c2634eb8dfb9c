import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { VERSION_PATH } from './http/version-routes';
import { PRODUCT_ROOT } from './product-root';
import { createTestApp, type TestApp } from './testing/test-app';
import { runMain } from './testing/run-main';
import { createTestDatabase, type TestDatabaseLocation } from './testing/test-database';
import { PRODUCT_VERSION } from './apps/version-data';
import { SCHEMA_VERSION } from './db/migrate';

describe('which version a node runs', () => {
  let t: TestApp | undefined;
  let location: TestDatabaseLocation | undefined;
  afterEach(async () => {
    await t?.close();
    await location?.remove();
    t = undefined;
    location = undefined;
  });

  it('answers its product and schema version without a session, uncached', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: VERSION_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 200,
      message: '',
      data: { version: PRODUCT_VERSION, schema: SCHEMA_VERSION },
      code: 'ok',
      fieldErrors: [],
    });
    const manifest = JSON.parse(fs.readFileSync(`${PRODUCT_ROOT}/package.json`, 'utf8')) as {
      version: string;
    };
    expect(PRODUCT_VERSION).toBe(manifest.version);
    // The schema it has migrated its database to.
    const sql = await t.database();
    const row = await sql.get<{ version: number }>(
      'SELECT MAX(version) AS version FROM schema_migrations',
    );
    expect(Number(row?.version)).toBe(SCHEMA_VERSION);
  });

  it('refuses to start on a database a newer version upgraded, saying how to roll back', async () => {
    location = await createTestDatabase();
    const sql = await openDatabase(location);
    await sql.run(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'a newer version', 0)",
      [SCHEMA_VERSION + 1],
    );
    await sql.close();

    const { code, listening, stderr } = await runMain({
      EDUDESK_DATA_DIR: location.dataDir,
      ...(location.databaseUrl === undefined ? {} : { EDUDESK_DATABASE_URL: location.databaseUrl }),
      EDUDESK_LOG: '0',
    });
    expect(listening).toBe(false);
    expect(code).toBe(1);
    expect(stderr).toContain('the database was upgraded by a newer version of EduDesk');
    expect(stderr).toContain(
      `its schema is version ${String(SCHEMA_VERSION + 1)}, and this version knows schemas up to ${String(SCHEMA_VERSION)}`,
    );
    expect(stderr).toContain('restore the backup taken before the upgrade (admin restore DIR)');
    expect(stderr).toContain('or run the newer version again');
  });
});

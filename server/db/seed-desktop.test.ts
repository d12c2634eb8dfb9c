import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATEGORY_CODES } from '../../contract/desktop-codes';
import { ICON_GLYPHS } from '../apps/icon-glyphs';
import { buildApp } from '../app';
import { openTestDatabase } from '../base/desktop-test-helpers';
import { createTestApp, login, type TestApp } from '../testing/test-app';

describe('desktop seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ scryptCost: 1024 });
  });
  afterAll(async () => {
    await t.close();
  });

  function count(sql: string): number {
    const db = openTestDatabase(t.dataDir);
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }

  it('seeds about two dozen school applications over the nine categories, each with an icon', () => {
    const db = openTestDatabase(t.dataDir);
    try {
      const apps = db
        .prepare('SELECT code, category_code FROM desktop_apps WHERE unit_id = 1001')
        .all() as { code: string; category_code: string }[];
      expect(apps.length).toBeGreaterThanOrEqual(24);
      expect(new Set(apps.map((app) => app.category_code))).toEqual(new Set(MENU_CATEGORY_CODES));
      const all = db.prepare('SELECT DISTINCT code FROM desktop_apps').all() as { code: string }[];
      for (const { code } of all) expect(ICON_GLYPHS[code], code).toBeDefined();
    } finally {
      db.close();
    }
  });

  it('gives teacher02 a linked parent account that signs in with the demo password', async () => {
    expect(count('SELECT COUNT(*) AS n FROM identity_links WHERE teacher_user_id = 10002')).toBe(1);
    const response = await login(t.app, { username: 'parent03' });
    expect(response.json()).toMatchObject({ status: 200, data: { userType: '3' } });
  });

  it('seeds once: a restart on the same data adds nothing', async () => {
    const messages = count('SELECT COUNT(*) AS n FROM desktop_messages');
    const apps = count('SELECT COUNT(*) AS n FROM desktop_apps');
    const again = await buildApp(t.options);
    await again.close();
    expect(count('SELECT COUNT(*) AS n FROM desktop_messages')).toBe(messages);
    expect(count('SELECT COUNT(*) AS n FROM desktop_apps')).toBe(apps);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_CATEGORY_CODES } from '../../contract/desktop-codes';
import { ICON_GLYPHS } from '../apps/icon-glyphs';
import { buildApp } from '../app';
import { createTestApp, login, type TestApp } from '../testing/test-app';

describe('desktop seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function count(text: string): Promise<number> {
    const db = await t.database();
    return (await db.get<{ n: number }>(text))?.n ?? 0;
  }

  it('seeds about two dozen school applications over the nine categories, each with an icon', async () => {
    const db = await t.database();
    const apps = await db.all<{ code: string; category_code: string }>(
      'SELECT code, category_code FROM desktop_apps WHERE unit_id = 1001',
    );
    expect(apps.length).toBeGreaterThanOrEqual(24);
    expect(new Set(apps.map((app) => app.category_code))).toEqual(new Set(MENU_CATEGORY_CODES));
    const all = await db.all<{ code: string }>('SELECT DISTINCT code FROM desktop_apps');
    for (const { code } of all) expect(ICON_GLYPHS[code], code).toBeDefined();
  });

  it('gives teacher02 a linked parent account that signs in with the demo password', async () => {
    expect(
      await count('SELECT COUNT(*) AS n FROM identity_links WHERE teacher_user_id = 10002'),
    ).toBe(1);
    const response = await login(t.app, { username: 'parent03' });
    expect(response.json()).toMatchObject({ status: 200, data: { userType: '3' } });
  });

  it('seeds once: a restart on the same data adds nothing', async () => {
    const messages = await count('SELECT COUNT(*) AS n FROM desktop_messages');
    const apps = await count('SELECT COUNT(*) AS n FROM desktop_apps');
    const again = await buildApp(t.options);
    await again.close();
    expect(await count('SELECT COUNT(*) AS n FROM desktop_messages')).toBe(messages);
    expect(await count('SELECT COUNT(*) AS n FROM desktop_apps')).toBe(apps);
  });
});

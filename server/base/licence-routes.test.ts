import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type { ModuleExpiryItem } from '../../contract/desktop';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cookiesOf, expectInvalid, expectRefusal, getJson } from './desktop-test-helpers';

const DAY = 24 * 3600 * 1000;

function oam(unitId: string): string {
  return `${DESKTOP_API.licenseUnitOam}?unitId=${unitId}`;
}

function licensed(unitId: string, serverId: string): string {
  return `${DESKTOP_API.licenseUnit}?unitId=${unitId}&serverId=${serverId}`;
}

describe('module licences', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, ['teacher01', 'parent01', 'area01']);
  });
  afterAll(async () => {
    await t.close();
  });

  async function table(cookie: string | undefined, unitId = '1001', lang = 'zh-CN') {
    const result = await getJson<ModuleExpiryItem[]>(t.app, cookie, oam(unitId), {
      'sy-language': lang,
    });
    expect(result.body.status).toBe(200);
    return result.body.data;
  }

  it('lists expired, soon and in-use modules relative to now, in that order', async () => {
    const rows = await table(cookies.teacher01);
    const statuses = rows.map((row) => row.dqstatus);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));
    expect(new Set(statuses)).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((row) => row.dqstatus === 3).map((row) => row.code)).toEqual([
      'homework',
      'score',
    ]);
    expect(rows.filter((row) => row.dqstatus === 2).map((row) => row.code)).toEqual([
      'kcb',
      'oa',
      'hr',
    ]);
    const now = t.clock.now();
    for (const row of rows) {
      if (row.dqstatus === 3) expect(row.endTimestamp).toBeLessThan(now);
      if (row.dqstatus === 2) expect(row.endTimestamp - now).toBeLessThanOrEqual(90 * DAY);
      if (row.dqstatus === 1) expect(row.endTimestamp - now).toBeGreaterThan(90 * DAY);
    }
    // 20 days after 2026-03-01 08:00 UTC, written in China time.
    expect(rows.find((row) => row.code === 'kcb')).toMatchObject({
      name: '课程表',
      endTime: '2026-03-21 16:00:00',
      statusText: '即将到期',
    });
    // The unlicensed module has no row.
    expect(rows.map((row) => row.code)).not.toContain('research');
  });

  it('words the status in the caller language', async () => {
    const texts = new Set(
      (await table(cookies.teacher01, '1001', 'en')).map((row) => row.statusText),
    );
    expect(texts).toEqual(new Set(['Expired', 'Soon to expire', 'In use']));
    const hk = await table(cookies.teacher01, '1001', 'zh-HK');
    expect(hk[0]?.statusText).toBe('已到期');
  });

  it('answers whether the unit is licensed for a module', async () => {
    const answer = async (serverId: string) =>
      (await getJson<boolean>(t.app, cookies.parent01, licensed('1001', serverId))).body;
    expect(await answer('base')).toMatchObject({ status: 200, data: true });
    expect((await answer('kcb')).data).toBe(true);
    // Expired, and never licensed.
    expect((await answer('score')).data).toBe(false);
    expect((await answer('research')).data).toBe(false);
    expect((await answer('nosuchmodule')).data).toBe(false);
  });

  it("answers the bureau's own licences", async () => {
    const rows = await table(cookies.area01, '2001');
    expect(rows[0]).toMatchObject({ code: 'schools', dqstatus: 3 });
    expect(rows.map((row) => row.code)).toContain('region');
    const base = await getJson<boolean>(t.app, cookies.area01, licensed('2001', 'base'));
    expect(base.body.data).toBe(true);
  });

  it("refuses another unit's licences and checks the query", async () => {
    expectRefusal(await getJson(t.app, cookies.teacher01, oam('2001')));
    expectRefusal(await getJson(t.app, cookies.area01, licensed('1001', 'base')));
    expectInvalid(await getJson(t.app, cookies.teacher01, DESKTOP_API.licenseUnitOam), 'unitId');
    expectInvalid(
      await getJson(t.app, cookies.teacher01, `${DESKTOP_API.licenseUnit}?unitId=1001`),
      'serverId',
    );
    expectInvalid(await getJson(t.app, cookies.teacher01, licensed('1001', '../base')), 'serverId');
    expect((await getJson(t.app, undefined, oam('1001'))).statusCode).toBe(401);
  });

  // Last: it moves the clock.
  it('follows the injected clock for a licence with a fixed end', async () => {
    const db = await t.database();
    await db.run(
      `INSERT INTO module_licences (unit_id, server_id, name, end_time, end_offset_ms)
       VALUES (1001, 'fixed', '固定期限模块', ?, NULL)`,
      [t.clock.now() + 100 * DAY],
    );
    // Sessions expire as the clock moves (2 h access tokens): sign in again after each move.
    let cookie = cookies.teacher01;
    const advance = async (ms: number) => {
      t.clock.advance(ms);
      cookie = (await cookiesOf(t.app, ['teacher01'])).teacher01;
    };
    const statusOf = async () =>
      (await table(cookie)).find((row) => row.code === 'fixed')?.dqstatus;

    expect(await statusOf()).toBe(1);
    expect((await getJson(t.app, cookie, licensed('1001', 'fixed'))).body.data).toBe(true);
    await advance(11 * DAY);
    expect(await statusOf()).toBe(2);
    expect((await getJson(t.app, cookie, licensed('1001', 'fixed'))).body.data).toBe(true);
    await advance(90 * DAY);
    expect(await statusOf()).toBe(3);
    expect((await getJson(t.app, cookie, licensed('1001', 'fixed'))).body.data).toBe(false);
    // The demo rows moved with the clock: still two expired and three soon.
    const rows = await table(cookie);
    expect(rows.filter((row) => row.dqstatus === 2).map((row) => row.code)).toEqual([
      'kcb',
      'oa',
      'hr',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type { AppUnreadCount, MenuCategory, ModuleName } from '../../contract/desktop';
import { MENU_CATEGORY_CODES } from '../../contract/desktop-codes';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  cookiesOf,
  expectInvalid,
  expectRefusal,
  getJson,
  postForm,
  postJson,
} from './desktop-test-helpers';

const USERS = ['teacher01', 'teacher02', 'staff01', 'parent01', 'student01', 'area01'] as const;

function iconsUrl(userId: string, unitId: string, appType = '1'): string {
  return `${DESKTOP_API.myAppIcon}?userId=${userId}&unitId=${unitId}&appType=${appType}`;
}

function codesOf(categories: MenuCategory[]): string[] {
  return categories.flatMap((category) => category.iconVMs.map((icon) => icon.code));
}

describe('desktop applications', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, USERS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a teacher every school application, in the nine categories of spec §3', async () => {
    const result = await getJson<MenuCategory[]>(
      t.app,
      cookies.teacher01,
      iconsUrl('10001', '1001'),
    );
    expect(result.statusCode).toBe(200);
    expect(result.body).toMatchObject({ status: 200, code: 'ok' });
    const categories = result.body.data;
    expect(categories.map((category) => category.code)).toEqual([...MENU_CATEGORY_CODES]);
    expect(categories[0]?.name).toBe('常用应用');
    const codes = codesOf(categories);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const special of ['haikang', 'ysy', 'ykt', 'base', 'edu'])
      expect(codes).toContain(special);

    const icons = categories.flatMap((category) => category.iconVMs);
    const notice = icons.find((icon) => icon.code === 'tzgg');
    // Every field of the application item (spec §3), nothing more.
    expect(notice).toEqual({
      code: 'tzgg',
      zname: '通知公告',
      name: '通知公告',
      shortName: '通知',
      englishShortName: 'Notices',
      englishName: 'Notices',
      imgPath: '/common/icons/tzgg.svg',
      imgGrayPath: '/common/icons/tzgg-gray.svg',
      imgCartoonPath: '/common/icons/tzgg-cartoon.svg',
      iconImg: '/common/icons/tzgg.svg',
      menuRoute: '',
      serverId: 'notice',
      deployPath: '',
      frontUserType: '2,4',
      limitUserType: '',
      appType: 1,
      updateStatus: 1,
      unReadCodeCount: 5,
    });
    expect(icons.filter((icon) => icon.updateStatus === 0).map((icon) => icon.code)).toEqual([
      'gwlz',
      'kygl',
    ]);
    expect(icons.filter((icon) => icon.menuRoute.startsWith('http'))).toHaveLength(1);
    expect(icons.some((icon) => icon.deployPath !== '')).toBe(true);
  });

  it('shows each user type only the applications meant for it', async () => {
    const parent = await getJson<MenuCategory[]>(
      t.app,
      cookies.parent01,
      iconsUrl('10004', '1001'),
    );
    expect(codesOf(parent.body.data).sort()).toEqual(
      ['czda', 'ddpj', 'kcb', 'rcap', 'tzgg', 'txl', 'wdwp', 'ykt', 'zyxt'].sort(),
    );
    const student = await getJson<MenuCategory[]>(
      t.app,
      cookies.student01,
      iconsUrl('10006', '1001'),
    );
    expect(codesOf(student.body.data)).toContain('zxxx');
    expect(codesOf(student.body.data)).not.toContain('oa');
    const staff = await getJson<MenuCategory[]>(t.app, cookies.staff01, iconsUrl('10003', '1001'));
    expect(codesOf(staff.body.data)).toHaveLength(25);

    // The bureau has its own applications, base and edu among them (the client hides those).
    const area = await getJson<MenuCategory[]>(t.app, cookies.area01, iconsUrl('20001', '2001'));
    const areaCodes = codesOf(area.body.data);
    expect(areaCodes.sort()).toEqual(
      ['base', 'edu', 'jdpg', 'jsfz', 'qysj', 'qytz', 'xxgl', 'zbgl'].sort(),
    );
  });

  it('answers only other application types when asked for them', async () => {
    const result = await getJson<MenuCategory[]>(
      t.app,
      cookies.teacher01,
      iconsUrl('10001', '1001', '2'),
    );
    expect(result.body.data).toEqual([]);
  });

  it("refuses someone else's icons and another unit's", async () => {
    expectRefusal(await getJson(t.app, cookies.teacher02, iconsUrl('10001', '1001')));
    expectRefusal(await getJson(t.app, cookies.teacher01, iconsUrl('10001', '2001')));
  });

  it('validates the query and needs a session', async () => {
    expectInvalid(
      await getJson(t.app, cookies.teacher01, `${DESKTOP_API.myAppIcon}?unitId=1001`),
      'userId',
    );
    expectInvalid(
      await getJson(t.app, cookies.teacher01, iconsUrl('10001', '1001', 'x')),
      'appType',
    );
    expectInvalid(await getJson(t.app, cookies.teacher01, iconsUrl('1; DROP', '1001')), 'userId');
    const anonymous = await getJson(t.app, undefined, iconsUrl('10001', '1001'));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body.code).toBe('unauthorized');
  });

  it("saves a user's icon order (JSON or form) without touching anyone else's", async () => {
    const saved = await postJson<boolean>(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, {
      codes: ['zcgl', 'oa', 'tzgg'],
    });
    expect(saved.body).toMatchObject({ status: 200, data: true });
    const mine = await getJson<MenuCategory[]>(t.app, cookies.teacher02, iconsUrl('10002', '1001'));
    const common = mine.body.data.find((category) => category.code === 'ZDYYYFL-CYYY');
    expect(common?.iconVMs[0]?.code).toBe('tzgg');
    const flat = codesOf(mine.body.data);
    // Within each category the saved order leads; zcgl and oa lead theirs.
    const logistics = mine.body.data.find((category) => category.code === 'ZDYYYFL-ZWHQ');
    expect(logistics?.iconVMs[0]?.code).toBe('zcgl');
    expect(flat).toHaveLength(25);

    const other = await getJson<MenuCategory[]>(t.app, cookies.staff01, iconsUrl('10003', '1001'));
    const otherCommon = other.body.data.find((category) => category.code === 'ZDYYYFL-CYYY');
    expect(otherCommon?.iconVMs.map((icon) => icon.code)).toEqual(['tzgg', 'rcap', 'wdwp', 'txl']);

    // Form-encoded, repeated keys, as the platform client posts by default.
    const form = await postForm<boolean>(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, {
      codes: ['txl', 'wdwp'],
    });
    expect(form.body.data).toBe(true);
    const after = await getJson<MenuCategory[]>(
      t.app,
      cookies.teacher02,
      iconsUrl('10002', '1001'),
    );
    expect(after.body.data[0]?.iconVMs.map((icon) => icon.code)).toEqual([
      'txl',
      'wdwp',
      'tzgg',
      'rcap',
    ]);
  });

  it('refuses an order with unknown or repeated codes', async () => {
    expectInvalid(
      await postJson(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, { codes: ['nope'] }),
      'codes',
    );
    // Another unit's application is unknown here.
    expectInvalid(
      await postJson(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, { codes: ['qysj'] }),
      'codes',
    );
    expectInvalid(
      await postJson(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, { codes: ['oa', 'oa'] }),
      'codes',
    );
    expectInvalid(
      await postJson(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, { codes: 'oa,tzgg' }),
      // A single string becomes a one-item list, whose item is not a code.
      'codes.0',
    );
    expectInvalid(await postJson(t.app, cookies.teacher02, DESKTOP_API.appIconOrder, {}), 'codes');
  });

  it("lists each user's own unread counts per application", async () => {
    const teacher = await getJson<AppUnreadCount[]>(
      t.app,
      cookies.teacher01,
      DESKTOP_API.unreadCodeCount,
    );
    expect(teacher.body.data).toEqual([
      { code: 'kqgl', num: 128 },
      { code: 'oa', num: 12 },
      { code: 'rcap', num: 2 },
      { code: 'tzgg', num: 5 },
    ]);
    const area = await getJson<AppUnreadCount[]>(
      t.app,
      cookies.area01,
      DESKTOP_API.unreadCodeCount,
    );
    expect(area.body.data).toEqual([
      { code: 'jdpg', num: 2 },
      { code: 'qytz', num: 4 },
    ]);
  });

  it("names the unit's modules", async () => {
    const result = await getJson<ModuleName[]>(t.app, cookies.teacher01, DESKTOP_API.insideModules);
    expect(result.body.data).toContainEqual({
      code: 'notice',
      name: '通知公告',
      englishName: 'Notices',
    });
    expect(result.body.data.map((module) => module.code)).not.toContain('region');
    const area = await getJson<ModuleName[]>(t.app, cookies.area01, DESKTOP_API.insideModules);
    expect(area.body.data.map((module) => module.code)).toContain('region');
  });

  it('records an opened application for the caller only', async () => {
    const body = {
      userId: '10002',
      userType: '2',
      unitId: '1001',
      resId: 'tzgg',
      resName: '通知公告',
      type: '1',
    };
    const saved = await postForm<boolean>(
      t.app,
      cookies.teacher02,
      DESKTOP_API.userAccessDetail,
      body,
    );
    expect(saved.body).toMatchObject({ status: 200, data: true });
    expectRefusal(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.userAccessDetail, {
        ...body,
        userId: '10001',
      }),
    );
    expectRefusal(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.userAccessDetail, {
        ...body,
        unitId: '2001',
      }),
    );
    expectInvalid(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.userAccessDetail, {
        ...body,
        resId: '',
      }),
      'resId',
    );
    expectInvalid(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.userAccessDetail, {
        ...body,
        type: 'one',
      }),
      'type',
    );

    const db = await t.database();
    const rows = await db.all(
      'SELECT user_id, user_type, unit_id, res_id, res_name, type FROM user_access_details',
    );
    expect(rows).toEqual([
      {
        user_id: 10002,
        user_type: 2,
        unit_id: 1001,
        res_id: 'tzgg',
        res_name: '通知公告',
        type: 1,
      },
    ]);
  });
});

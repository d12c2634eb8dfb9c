import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type { RoleSwitchEntry } from '../../contract/desktop';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cookiesOf, expectInvalid, expectRefusal, getJson } from './desktop-test-helpers';

const links = (query: string) => `${DESKTOP_API.parentTeacherLinks}?${query}`;

describe('role-switch entries', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, ['teacher01', 'teacher02', 'parent03', 'parent01']);
  });
  afterAll(async () => {
    await t.close();
  });

  const pair = {
    parentId: '10007',
    parentName: '李家长',
    teacherId: '10002',
    teacherName: '李老师',
  };

  it("lists teacher02's teacher and linked parent identities", async () => {
    const result = await getJson<RoleSwitchEntry[]>(
      t.app,
      cookies.teacher02,
      links('teacherId=10002&parentId='),
    );
    expect(result.body.status).toBe(200);
    expect(result.body.data).toEqual([
      { id: '10002', current: true, name: '李老师', ...pair },
      { id: '10007', current: false, name: '李家长', ...pair },
    ]);
  });

  it('lists the same pair for the parent identity, marking it current', async () => {
    const result = await getJson<RoleSwitchEntry[]>(
      t.app,
      cookies.parent03,
      links('parentId=10007'),
    );
    expect(result.body.data.map((entry) => [entry.id, entry.current])).toEqual([
      ['10002', false],
      ['10007', true],
    ]);
  });

  it('answers no entries for users without a link', async () => {
    for (const [name, query] of [
      ['teacher01', 'teacherId=10001'],
      ['parent01', 'parentId=10004'],
      ['teacher01', ''],
    ] as const) {
      const result = await getJson<RoleSwitchEntry[]>(t.app, cookies[name], links(query));
      expect(result.body.data, name).toEqual([]);
    }
  });

  it("refuses to show someone else's links", async () => {
    expectRefusal(await getJson(t.app, cookies.teacher01, links('teacherId=10002')));
    expectRefusal(await getJson(t.app, cookies.parent01, links('parentId=10007')));
    expectRefusal(await getJson(t.app, cookies.teacher02, links('teacherId=10002&parentId=10004')));
    expectInvalid(await getJson(t.app, cookies.teacher02, links('teacherId=abc')), 'teacherId');
    expect((await getJson(t.app, undefined, links('teacherId=10002'))).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import type { Child, CurrentUserWire } from '../../contract/auth';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  cookiesOf,
  expectInvalid,
  expectRefusal,
  getJson,
  postForm,
  postJson,
} from './desktop-test-helpers';

const all = (parentId: string) => `${DESKTOP_API.allStudentsByParent}?parentId=${parentId}`;
const current = (parentId: string) => `${DESKTOP_API.studentByParent}?parentId=${parentId}`;
const choose = (parentId: string) => `${DESKTOP_API.setParentChild}?parentId=${parentId}`;

/** The child's fields, as the client posts them (spec §7: body is the child's fields). */
function childForm(child: Partial<Child> & { id: string }): Record<string, string> {
  return Object.fromEntries(Object.entries(child).map(([key, value]) => [key, String(value)]));
}

describe('students of a parent', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, [
      'parent01',
      'parent02',
      'teacher02',
      'staff01',
      'student01',
      'area01',
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists all of a parent's children, inactive ones included", async () => {
    const result = await getJson<Child[]>(t.app, cookies.parent01, all('10004'));
    expect(result.body.status).toBe(200);
    expect(result.body.data.map((child) => [child.id, child.realName, child.status])).toEqual([
      ['50001', '张小明', 1],
      ['50002', '张小红', 1],
      ['50003', '张小刚', 0],
    ]);
    expect(result.body.data[0]).toEqual({
      id: '50001',
      realName: '张小明',
      gradeName: '三年级',
      className: '2班',
      status: 1,
      parentId: '10004',
    });
  });

  it('sets the current child, which the student call and the current user then report', async () => {
    const before = await getJson<Child | null>(t.app, cookies.parent01, current('10004'));
    expect(before.body.data?.id).toBe('50001');

    const chosen = await postForm<Child>(
      t.app,
      cookies.parent01,
      choose('10004'),
      childForm({
        id: '50002',
        realName: '张小红',
        gradeName: '一年级',
        className: '1班',
        status: 1,
        parentId: '10004',
      }),
    );
    expect(chosen.body).toMatchObject({ status: 200, data: { id: '50002', realName: '张小红' } });
    const after = await getJson<Child | null>(t.app, cookies.parent01, current('10004'));
    expect(after.body.data?.id).toBe('50002');
    const me = await getJson<CurrentUserWire>(t.app, cookies.parent01, API.me);
    expect(me.body.data.chirdenId).toBe('50002');
    expect(me.body.data.currentChirden?.realName).toBe('张小红');
    expect(me.body.data.chirdenName).toBe('张小红');

    // JSON works as well.
    const json = await postJson<Child>(t.app, cookies.parent01, choose('10004'), { id: '50001' });
    expect(json.body.data.id).toBe('50001');
  });

  it("refuses another parent's child, an inactive child and choosing for someone else", async () => {
    expectRefusal(await postForm(t.app, cookies.parent01, choose('10004'), { id: '50004' }));
    const inactive = await postForm(t.app, cookies.parent01, choose('10004'), { id: '50003' });
    expect(inactive.body).toMatchObject({ status: 400, code: 'child_inactive', data: null });
    expect(inactive.body.message).toContain('|||');
    expectRefusal(await postForm(t.app, cookies.parent02, choose('10004'), { id: '50001' }));
    // Staff may read but never choose for a parent.
    expectRefusal(await postForm(t.app, cookies.teacher02, choose('10004'), { id: '50001' }));
    expectRefusal(await postForm(t.app, cookies.teacher02, choose('10002'), { id: '50001' }));
    const unchanged = await getJson<Child | null>(t.app, cookies.parent01, current('10004'));
    expect(unchanged.body.data?.id).toBe('50001');
  });

  it('lets a parent read only their own children', async () => {
    expectRefusal(await getJson(t.app, cookies.parent02, all('10004')));
    expectRefusal(await getJson(t.app, cookies.parent02, current('10004')));
    expectRefusal(await getJson(t.app, cookies.student01, all('10004')));
    const own = await getJson<Child[]>(t.app, cookies.parent02, all('10005'));
    expect(own.body.data.map((child) => child.realName)).toEqual(['刘小雨']);
  });

  it('lets teachers and staff read the children of parents of their own unit', async () => {
    const teacher = await getJson<Child[]>(t.app, cookies.teacher02, all('10004'));
    expect(teacher.body.data).toHaveLength(3);
    const staff = await getJson<Child | null>(t.app, cookies.staff01, current('10005'));
    expect(staff.body.data?.realName).toBe('刘小雨');
    // Not a parent: no children, no current child.
    expect((await getJson<Child[]>(t.app, cookies.staff01, all('10001'))).body.data).toEqual([]);
    expect((await getJson(t.app, cookies.staff01, current('10001'))).body.data).toBeNull();
    // Another unit's parent, and an unknown id, answer alike.
    expectRefusal(await getJson(t.app, cookies.area01, all('10004')));
    expectRefusal(await getJson(t.app, cookies.teacher02, all('99999')));
  });

  it('validates the query and the body', async () => {
    expectInvalid(
      await getJson(t.app, cookies.parent01, DESKTOP_API.allStudentsByParent),
      'parentId',
    );
    expectInvalid(await getJson(t.app, cookies.parent01, all('x')), 'parentId');
    expectInvalid(await postForm(t.app, cookies.parent01, choose('10004'), {}), 'id');
    expectInvalid(
      await postForm(t.app, cookies.parent01, choose('10004'), { id: '50001', status: 'on' }),
      'status',
    );
    expectInvalid(
      await postForm(t.app, cookies.parent01, DESKTOP_API.setParentChild, { id: '50001' }),
      'parentId',
    );
    expect((await getJson(t.app, undefined, all('10004'))).statusCode).toBe(401);
  });
});

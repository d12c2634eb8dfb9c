import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import type { MenuResourceNode } from '../../contract/desktop';
import { DESKTOP_PERMISSION_CODES as P } from '../../contract/desktop-codes';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cookiesOf, expectInvalid, getJson } from './desktop-test-helpers';

function tree(code: string): string {
  return `${DESKTOP_API.resourceTree}?code=${code}`;
}

function codesOf(nodes: readonly MenuResourceNode[]): string[] {
  return nodes.flatMap((node) => [node.code, ...codesOf(node.children)]);
}

describe('permission menu tree', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, ['teacher01', 'teacher02', 'staff01', 'parent01', 'area01']);
  });
  afterAll(async () => {
    await t.close();
  });

  async function codes(name: string, app = 'base'): Promise<string[]> {
    const result = await getJson<MenuResourceNode[]>(t.app, cookies[name], tree(app));
    expect(result.body.status).toBe(200);
    return codesOf(result.body.data);
  }

  it('gives the admin every desktop code but the audit route, as a tree of routes and elements', async () => {
    const result = await getJson<MenuResourceNode[]>(t.app, cookies.teacher01, tree('base'));
    const [root] = result.body.data;
    expect(root).toMatchObject({ code: 'base_desktop', resourceType: 1, menuRoute: '' });
    const home = root?.children.find((node) => node.code === P.desktopHome);
    expect(home).toEqual({
      code: P.desktopHome,
      name: '桌面首页',
      resourceType: 2,
      menuRoute: '/desktop/home',
      children: [],
    });
    const all = codesOf(result.body.data);
    expect(all).toEqual(
      expect.arrayContaining([P.desktopSetting, P.themeSync, P.moduleExpiry, P.appOrder]),
    );
    expect(all).not.toContain(P.desktopAudit);
  });

  it('hides routes and elements that a teacher or staff member was not granted', async () => {
    const teacher = await codes('teacher02');
    expect(teacher).toContain(P.desktopHome);
    expect(teacher).toContain(P.moduleExpiry);
    expect(teacher).not.toContain(P.desktopSetting);
    expect(teacher).not.toContain(P.themeSync);
    const staff = await codes('staff01');
    expect(staff).toEqual(['base_desktop', P.desktopHome, P.clientDownload]);
    expect(await codes('teacher02', 'tzgg')).toEqual(['tzgg_notice', 'tzgg_list']);
    expect(await codes('teacher01', 'tzgg')).toEqual([
      'tzgg_notice',
      'tzgg_list',
      'tzgg_publish',
      'tzgg_delete',
    ]);
  });

  it('answers an empty tree for other user types and unknown applications', async () => {
    expect(await codes('parent01')).toEqual([]);
    expect(await codes('area01')).toEqual([]);
    expect(await codes('teacher01', 'nosuchapp')).toEqual([]);
  });

  it('checks the code and the session', async () => {
    expectInvalid(await getJson(t.app, cookies.teacher01, DESKTOP_API.resourceTree), 'code');
    expectInvalid(await getJson(t.app, cookies.teacher01, tree('a%20b')), 'code');
    expect((await getJson(t.app, undefined, tree('base'))).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cookiesOf, expectInvalid, expectRefusal, getJson } from './desktop-test-helpers';

describe('unit flags and the admin check', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, ['teacher01', 'teacher02', 'parent01', 'area01']);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the caller's unit flags and help key", async () => {
    const vocational = await getJson<boolean>(
      t.app,
      cookies.parent01,
      DESKTOP_API.isVocationalSchool,
    );
    expect(vocational.body).toMatchObject({ status: 200, data: false });
    const institute = await getJson<boolean>(
      t.app,
      cookies.teacher02,
      `${DESKTOP_API.haveInstitute}?unitId=1001`,
    );
    expect(institute.body).toMatchObject({ status: 200, data: false });
    expect((await getJson<string>(t.app, cookies.teacher02, DESKTOP_API.helpKey)).body.data).toBe(
      'ygsy-2026',
    );
    expect((await getJson<string>(t.app, cookies.area01, DESKTOP_API.helpKey)).body.data).toBe(
      'bjjyj-2026',
    );
  });

  it('answers flags of the caller unit only', async () => {
    expectRefusal(
      await getJson(t.app, cookies.teacher02, `${DESKTOP_API.haveInstitute}?unitId=2001`),
    );
    expectInvalid(await getJson(t.app, cookies.teacher02, DESKTOP_API.haveInstitute), 'unitId');
  });

  it('says who holds XX_SYS_ in base, for the caller only', async () => {
    const admin = await getJson<boolean>(t.app, cookies.teacher01, DESKTOP_API.userRole(10001));
    expect(admin.body).toMatchObject({ status: 200, data: true });
    const teacher = await getJson<boolean>(t.app, cookies.teacher02, DESKTOP_API.userRole(10002));
    expect(teacher.body.data).toBe(false);
    const otherProject = await getJson<boolean>(
      t.app,
      cookies.teacher01,
      DESKTOP_API.userRole(10001, 'XX_SYS_', 'oa'),
    );
    expect(otherProject.body.data).toBe(false);
    expectRefusal(await getJson(t.app, cookies.teacher02, DESKTOP_API.userRole(10001)));
    expectInvalid(
      await getJson(t.app, cookies.teacher02, '/api/base/role/user/abc/XX_SYS_/base'),
      'userId',
    );
  });

  it('needs a session', async () => {
    for (const url of [
      DESKTOP_API.isVocationalSchool,
      DESKTOP_API.helpKey,
      DESKTOP_API.userRole(1),
    ]) {
      expect((await getJson(t.app, undefined, url)).statusCode).toBe(401);
    }
  });
});

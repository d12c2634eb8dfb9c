import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  cookiesOf,
  expectInvalid,
  expectRefusal,
  getJson,
  postForm,
  postJson,
} from './desktop-test-helpers';

describe('themes', () => {
  let t: TestApp;
  let cookies: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    cookies = await cookiesOf(t.app, ['teacher01', 'teacher02', 'parent02', 'staff01', 'area01']);
  });
  afterAll(async () => {
    await t.close();
  });

  const colorOf = async (name: string) =>
    (await getJson<string>(t.app, cookies[name], DESKTOP_API.myDesktopColor)).body.data;

  it('answers nothing saved, or an older bare colour', async () => {
    expect(await colorOf('teacher02')).toBe('');
    expect(await colorOf('parent02')).toBe('#4DB021');
  });

  it("saves a user's own theme (form-encoded) for that user only", async () => {
    const saved = await postForm<string>(t.app, cookies.teacher02, DESKTOP_API.setTheme, {
      type: 'color',
      theme: JSON.stringify({ theme: 'ink', lang: 'en' }),
    });
    expect(saved.body).toMatchObject({ status: 200, code: 'ok', data: 'success' });
    expect(JSON.parse(await colorOf('teacher02'))).toEqual({ theme: 'ink', lang: 'en' });
    expect(await colorOf('staff01')).toBe('');

    const json = await postJson<string>(t.app, cookies.staff01, DESKTOP_API.setTheme, {
      type: 'color',
      theme: '{"theme":"#49C1D9","lang":"zh-HK","extra":1}',
    });
    expect(json.body.data).toBe('success');
    expect(await colorOf('staff01')).toBe('{"theme":"#49C1D9","lang":"zh-HK"}');
  });

  it('refuses a theme that is not a theme', async () => {
    for (const theme of ['ink', '{"theme":"purple"}', '{"theme":"ink","lang":"fr"}', '{}']) {
      expectInvalid(
        await postForm(t.app, cookies.teacher02, DESKTOP_API.setTheme, { type: 'color', theme }),
        'theme',
      );
    }
    expectInvalid(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.setTheme, {
        type: 'everyone',
        theme: '{"theme":"ink"}',
      }),
      'type',
    );
    expectInvalid(
      await postForm(t.app, cookies.teacher02, DESKTOP_API.setTheme, { type: 'color' }),
      'theme',
    );
  });

  it('lets only an admin sync the theme for all users, with a bilingual refusal', async () => {
    const refused = await postForm(t.app, cookies.teacher02, DESKTOP_API.setTheme, {
      type: 'default_color',
      theme: '{"theme":"lotus"}',
    });
    expectRefusal(refused);
    expect(refused.body.message).toContain('Only a system administrator');
    expect(JSON.parse(await colorOf('teacher02'))).toEqual({ theme: 'ink', lang: 'en' });

    const synced = await postForm<string>(t.app, cookies.teacher01, DESKTOP_API.setTheme, {
      type: 'default_color',
      theme: '{"theme":"cartoon","lang":"zh-CN"}',
    });
    expect(synced.body.data).toBe('success');
    // Everyone in the unit now has the unit's theme, their own ones cleared.
    for (const name of ['teacher01', 'teacher02', 'parent02', 'staff01']) {
      expect(await colorOf(name), name).toBe('{"theme":"cartoon","lang":"zh-CN"}');
    }
    // Another unit is untouched.
    expect(await colorOf('area01')).toBe('');
    // A user may still choose their own afterwards.
    await postForm(t.app, cookies.teacher02, DESKTOP_API.setTheme, {
      type: 'color',
      theme: '{"theme":"#e31d1a"}',
    });
    expect(await colorOf('teacher02')).toBe('{"theme":"#e31d1a"}');
    expect(await colorOf('staff01')).toBe('{"theme":"cartoon","lang":"zh-CN"}');
  });

  it('needs a session', async () => {
    expect((await getJson(t.app, undefined, DESKTOP_API.myDesktopColor)).statusCode).toBe(401);
    expect(
      (await postForm(t.app, undefined, DESKTOP_API.setTheme, { type: 'color', theme: '{}' }))
        .statusCode,
    ).toBe(401);
  });
});

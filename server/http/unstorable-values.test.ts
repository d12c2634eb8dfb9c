import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import { NOTICE_API } from '../../contract/notices';
import { OAUTH_PATHS } from '../../contract/oauth';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

/**
 * A NUL character and integers beyond ±(2^53 − 1) are refused alike on both engines (the suite
 * runs on each, server/testing/test-database.ts): PostgreSQL would fail on them (its text holds no
 * NUL, its BIGINT stops at 2^63 − 1) where SQLite stores or compares them.
 */
describe('values neither engine may be handed', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await signIn(t.app, 'teacher01'));
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, type: 'json' | 'form', payload: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie,
        'content-type': type === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      },
      payload,
    });

  function expectRefused(response: { statusCode: number; json: () => unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'invalid_request',
      fieldErrors: [{ field, message: expect.stringContaining('|||') as unknown }],
    });
  }

  const notice = {
    title: '通知',
    category: 'school',
    content: '内容',
    publisher: '教务处',
    contact: '',
  };

  it('refuses a NUL character in a body, a form, a query or a key, naming the field', async () => {
    expectRefused(
      await post(NOTICE_API.save, 'json', JSON.stringify({ ...notice, title: 'a\u0000b' })),
      'title',
    );
    expectRefused(
      await post(
        NOTICE_API.save,
        'form',
        new URLSearchParams({ ...notice, content: '\u0000' }).toString(),
      ),
      'content',
    );
    expectRefused(
      await t.app.inject({ url: `${NOTICE_API.list}?title=%00`, headers: { cookie } }),
      'title',
    );
    expectRefused(
      await t.app.inject({ url: `${OAUTH_PATHS.clientInfo}?client_id=a%00&redirect_uri=x` }),
      'client_id',
    );
    expectRefused(
      await post(API.login, 'json', JSON.stringify({ username: 'teacher01\u0000', password: 'x' })),
      'username',
    );
    // An unknown key the schema lets through (the list's query is open).
    expectRefused(
      await t.app.inject({ url: `${NOTICE_API.list}?a%00=1`, headers: { cookie } }),
      'a\u0000',
    );
  });

  it('refuses an id beyond BIGINT or the safe range, as a number or as text', async () => {
    for (const id of [
      '9223372036854775808',
      '18446744073709551616',
      '-9223372036854775809',
      '1e30',
      String(2 ** 53),
    ]) {
      expectRefused(await post(NOTICE_API.remove, 'json', `{"id":${id}}`), 'id');
      expectRefused(await post(NOTICE_API.remove, 'form', `id=${id}`), 'id');
      expectRefused(
        await post(NOTICE_API.save, 'form', new URLSearchParams({ ...notice, id }).toString()),
        'id',
      );
    }
    expectRefused(
      await t.app.inject({ url: `${NOTICE_API.list}?start=1e30`, headers: { cookie } }),
      'start',
    );
  });

  it('still takes the largest safe id and ordinary texts', async () => {
    const missing = await post(
      NOTICE_API.remove,
      'json',
      `{"id":${String(Number.MAX_SAFE_INTEGER)}}`,
    );
    expect(missing.json()).toMatchObject({ status: 404, code: 'not_found' });
    const found = await t.app.inject({
      url: `${NOTICE_API.list}?title=${encodeURIComponent('%00 \\0')}`,
      headers: { cookie },
    });
    expect(found.json()).toMatchObject({ status: 200, data: { total: 0 } });
  });
});

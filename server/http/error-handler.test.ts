import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

describe('error handling', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers an unexpected failure with a generic bilingual 500, no internals', async () => {
    t.app.get('/api/test/boom', () => {
      throw new Error('SQLITE_CORRUPT: secret detail at /srv/edudesk/db.ts:42');
    });
    t.app.get('/test/boom', () => {
      throw new TypeError('page secret detail');
    });
    const api = await t.app.inject({ url: '/api/test/boom' });
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual({
      status: 500,
      code: 'internal_error',
      message: '服务器内部错误|||Server internal error!',
      data: null,
      fieldErrors: [],
    });
    expect(api.body).not.toMatch(/secret|SQLITE|stack|\.ts/);

    const page = await t.app.inject({ url: '/test/boom' });
    expect(page.statusCode).toBe(500);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('secret');
  });

  it('keeps the status of a client error thrown by a route', async () => {
    t.app.get('/api/test/teapot', () => {
      throw Object.assign(new Error('internal words'), { statusCode: 418 });
    });
    const response = await t.app.inject({ url: '/api/test/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({
      status: 418,
      code: 'bad_request',
      message: '请求无效|||Bad request',
      data: null,
      fieldErrors: [],
    });
  });

  it('refuses prototype poisoning in JSON bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uaa/oauth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400 });
  });
});

describe('numbers that are not finite', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('refuses 1e309 (Infinity after coercion, past minimum/maximum) as a bad field', async () => {
    const { cookie } = await signIn(t.app, 'teacher01');
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/base/desktop/popUpBox_select?start=1&size=1e309',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(400);
    }
    const response = await t.app.inject({
      url: '/api/base/desktop/popUpBox_select?start=-1e309&size=3',
      headers: { cookie },
    });
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'invalid_request',
      fieldErrors: [{ field: 'start' }],
    });
    const fine = await t.app.inject({
      url: '/api/base/desktop/popUpBox_select?start=1&size=3',
      headers: { cookie },
    });
    expect(fine.json()).toMatchObject({ status: 200 });
  });
});

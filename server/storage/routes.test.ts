import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

const IMAGE_HEADERS = {
  'content-type': 'image/svg+xml',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};

describe('storage show', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a distinct, script-free SVG logo per unit, cacheable for an hour', async () => {
    const school = await t.app.inject({ url: '/api/storage/show/unit/1001' });
    const bureau = await t.app.inject({ url: '/api/storage/show/unit/2001' });
    for (const response of [school, bureau]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        ...IMAGE_HEADERS,
        'cache-control': 'public, max-age=3600',
      });
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(response.body).not.toMatch(/<script|on[a-z]+=|javascript:|href=/i);
    }
    expect(school.body).toContain('阳光实验小学');
    expect(bureau.body).toContain('滨江区教育局');
    expect(school.body).not.toBe(bureau.body);
  });

  it('answers an unknown unit with a 404 envelope', async () => {
    const response = await t.app.inject({ url: '/api/storage/show/unit/424242' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found' });
    const bad = await t.app.inject({ url: '/api/storage/show/unit/..%2f..%2fetc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('serves the filing badge used by the footer', async () => {
    const response = await t.app.inject({ url: '/api/storage/show/filing/police' });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject(IMAGE_HEADERS);
    expect((await t.app.inject({ url: '/api/storage/show/filing/other' })).statusCode).toBe(404);
    // Names of JavaScript object keys are no badges either: the same 404 envelope.
    for (const name of ['constructor', 'tostring', 'valueof', 'hasownproperty', 'isprototypeof']) {
      const response = await t.app.inject({ url: `/api/storage/show/filing/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('serves avatars to signed-in users of the same unit only', async () => {
    expect((await t.app.inject({ url: '/api/storage/show/user/10001' })).statusCode).toBe(401);
    const { cookie } = await signIn(t.app, 'teacher02');
    const avatar = await t.app.inject({ url: '/api/storage/show/user/10001', headers: { cookie } });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers).toMatchObject({
      ...IMAGE_HEADERS,
      'cache-control': 'private, max-age=3600',
    });
    expect(avatar.body).toContain('王');
    // staff01 has no picture (the client draws its default); area01 is in another unit.
    for (const id of ['10003', '20001', '99999']) {
      const response = await t.app.inject({
        url: `/api/storage/show/user/${id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

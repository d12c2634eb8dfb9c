import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, bodyOf, listenOnLoopback, rawRequest } from '../testing/raw-http';
import { createTestApp, type TestApp } from '../testing/test-app';

function jsonOf(answer: string): unknown {
  return JSON.parse(bodyOf(answer));
}

describe('answers the router and the HTTP parser refuse', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a URL that does not decode with the envelope, not Fastify’s own body', async () => {
    for (const url of ['/api/%', '/api/base/%E0%A4%A', '/api/storage/show/unit/%zz']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(BAD_REQUEST);
    }
    const page = await t.app.inject({ url: '/pages/%' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('FST_ERR');
  });

  it('answers a request the HTTP parser cannot read with the envelope', async () => {
    const broken = await rawRequest(
      port,
      'GET /api/uaa/oauth/me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    );
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(jsonOf(broken)).toEqual(BAD_REQUEST);

    const huge = await rawRequest(
      port,
      `GET /api/uaa/oauth/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(jsonOf(huge)).toEqual({
      status: 431,
      code: 'headers_too_large',
      message: '请求头过大|||The request headers are too large',
      data: null,
      fieldErrors: [],
    });
  });
});

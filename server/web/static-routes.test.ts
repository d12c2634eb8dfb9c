import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_CSP } from '../http/security-headers';
import { createTestApp, type TestApp } from '../testing/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div>EduDesk app</body></html>';
const BIND_PAGE = '<!doctype html><html><body>own bind page</body></html>';

const HTML_HEADERS = {
  'content-security-policy': HTML_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

function write(root: string, file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

describe('web build serving', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-web-test-'));
    webRoot = path.join(base, 'web');
    write(webRoot, 'index.html', INDEX);
    write(webRoot, 'assets/x-abc123.js', 'console.log("x")');
    write(webRoot, 'modules/base/lang/en-login.json', '{"login":"Sign in"}');
    write(webRoot, 'modules/base/lang/zh-HK-login.json', '{"login":"登入"}');
    write(webRoot, 'common/plugins/common-ph/1.0.0/lang/en-ph.json', '{"ok":"OK"}');
    write(webRoot, 'pages/login/pc_bind_all/index.html', BIND_PAGE);
    write(webRoot, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(webRoot, '.env', 'SECRET=1');
    write(base, 'secret.json', '{"secret":true}');
    fs.symlinkSync(path.join(base, 'secret.json'), path.join(webRoot, 'linked.json'));
    t = await createTestApp({ webRoot });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(webRoot), { recursive: true, force: true });
  });

  it.each([
    '/',
    '/index.html',
    '/login',
    '/login/',
    '/login?redirect_uri=%2Fpages%2Fbase%2Fpc_desktop_all%2Findex.html',
    '/forgetPassword',
    '/needtologinpagerelogin',
    '/bind/',
    '/pages/base/pc_desktop_all/index.html',
    '/area/areaBase/pc_areaDesktop_all/index.html',
    '/pages/base/mobile_desktop_all/index.html',
    '/pages/x/pc_x_tm/index.html',
  ])('answers %s with the app, uncached, with security headers', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers).toMatchObject(HTML_HEADERS);
  });

  it("serves a landing page's own file when the build has one", async () => {
    const response = await t.app.inject({ url: '/pages/login/pc_bind_all/index.html' });
    expect(response.body).toBe(BIND_PAGE);
    expect(response.headers).toMatchObject(HTML_HEADERS);
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ url: '/assets/x-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers.etag).toBeDefined();
  });

  it('answers HEAD and conditional requests', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const first = await t.app.inject({ url: '/favicon.svg' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ url: '/favicon.svg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('serves module language files under any root folder, uncached', async () => {
    for (const url of ['/pages/base/lang/en-login.json', '/area/base/lang/en-login.json']) {
      const response = await t.app.inject({ url: `${url}?_t=1` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ login: 'Sign in' });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const hk = await t.app.inject({ url: '/pages/base/lang/zh-HK-login.json' });
    expect(hk.json()).toEqual({ login: '登入' });
    expect((await t.app.inject({ url: '/pages/base/lang/fr-login.json' })).statusCode).toBe(404);
  });

  it('serves the shared language file as plain static, uncached', async () => {
    const response = await t.app.inject({ url: '/common/plugins/common-ph/1.0.0/lang/en-ph.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: 'OK' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/..%2f..%2fetc/passwd',
    '/pages/base/lang/..%2f..%2fsecret.json',
    '/pages/base/lang/..%2f..%2f..%2fsecret.json',
    '/%2e%2e/secret.json',
    '/assets/..%5c..%5csecret.json',
    '/.env',
    '/%2eenv',
    '/linked.json',
    '/modules',
    '/assets/',
  ])('refuses %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('SECRET');
  });

  it('answers unknown paths with a small HTML 404 page', async () => {
    const response = await t.app.inject({ url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers).toMatchObject(HTML_HEADERS);
    expect(response.body).toContain('404');
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('keeps unknown API paths as JSON envelopes', async () => {
    const response = await t.app.inject({ url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: 404,
      code: 'not_found',
      message: '请求的接口不存在|||The requested API does not exist',
      data: null,
      fieldErrors: [],
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const post = await t.app.inject({ method: 'POST', url: '/api/uaa/oauth/me' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('without a web build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the operator to build, while the API keeps working', async () => {
    const page = await t.app.inject({ url: '/login' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('npm run build');
    expect((await t.app.inject({ url: '/assets/x.js' })).statusCode).toBe(503);
    const api = await t.app.inject({ url: '/api/uaa/oauth/login/config' });
    expect(api.json()).toMatchObject({ status: 200 });
  });
});

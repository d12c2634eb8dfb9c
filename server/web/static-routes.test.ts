import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite/precompress';
import { HTML_CSP } from '../http/security-headers';
import { createTestApp, type TestApp } from '../testing/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div>EduDesk app</body></html>';
const BIND_PAGE = '<!doctype html><html><body>own bind page</body></html>';
const MOBILE_DESKTOP_PAGE = '<!doctype html><html><body>mobile desktop page</body></html>';

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

  it.each(['/authorize', '/authorize/', '/oauth/authorize', '/pages/authorize'])(
    'answers %s with the authorisation page and its own policy (spec §2)',
    async (url) => {
      const response = await t.app.inject({ url: `${url}?client_id=edudesk-demo-app` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it('serves a build file whose name contains authorize as the file', async () => {
    write(webRoot, 'assets/authorize-page-abc123.js', 'export {}');
    const response = await t.app.inject({ url: '/assets/authorize-page-abc123.js' });
    expect(response.body).toBe('export {}');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("serves a desktop's paths the build's desktop HTML, when the build has it", async () => {
    const bare = await t.app.inject({ url: '/pages/base/mobile_desktop_all/index.html' });
    expect(bare.body).toBe(INDEX);
    write(webRoot, 'landing/mobile-desktop.html', MOBILE_DESKTOP_PAGE);
    try {
      for (const url of [
        '/pages/base/mobile_desktop_all/index.html',
        '/school/base/mobile_desktop_all/index.html',
      ]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(MOBILE_DESKTOP_PAGE);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers).toMatchObject(HTML_HEADERS);
      }
      // Other pages keep the app's HTML.
      const desktop = await t.app.inject({ url: '/pages/base/pc_desktop_all/index.html' });
      expect(desktop.body).toBe(INDEX);
      expect((await t.app.inject({ url: '/login' })).body).toBe(INDEX);
    } finally {
      fs.rmSync(path.join(webRoot, 'landing'), { recursive: true, force: true });
    }
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

describe("the build's compressed copies", () => {
  let t: TestApp;
  let webRoot: string;
  // Compressible and over the build's 1 KiB floor.
  const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `'row ${String(i)}'`).join(', ')}];`;
  const page = `<!doctype html><html><body><div id="root"></div>${'<p>EduDesk</p>'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-web-br-'));
    write(webRoot, 'index.html', page);
    write(webRoot, 'assets/app-abc123.js', script);
    write(webRoot, 'assets/stale-abc123.js', script);
    await precompressDir(webRoot);
    // Changed after the build: its copies are older than the file and must not be sent.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(webRoot, 'assets/stale-abc123.js'), later, later);
    t = await createTestApp({ webRoot });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the Brotli copy to a browser that accepts it, with the same type and caching', async () => {
    const plain = await get('/assets/app-abc123.js');
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('follows the q-values: gzip when Brotli is refused, the file itself when both are', async () => {
    const gz = await get('/assets/app-abc123.js', 'br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const preferred = await get('/assets/app-abc123.js', 'br;q=0.5, gzip;q=0.9');
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const none = await get('/assets/app-abc123.js', 'br;q=0, gzip;q=0, identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(script);
  });

  it('sends the file itself, never an older copy, when it changed after the build', async () => {
    const response = await get('/assets/stale-abc123.js', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('compresses the app page too, with its security headers and conditional requests', async () => {
    const response = await get('/pages/base/pc_desktop_all/index.html', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    expect(response.headers).toMatchObject(HTML_HEADERS);
    const again = await t.app.inject({
      url: '/pages/base/pc_desktop_all/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Each coding is its own representation: the plain page's validator differs.
    const plain = await get('/pages/base/pc_desktop_all/index.html');
    expect(plain.headers.etag).not.toBe(response.headers.etag);
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

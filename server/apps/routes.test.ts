import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appIconPath,
  packageInfoPath,
  serverVersionPath,
  versionFilePath,
  viewportManifestPath,
} from '../../contract/api-paths';
import type { PackageInfo, ServerVersionInfo, VersionFileEntry } from '../../contract/desktop';
import type { ApiEnvelope } from '../../contract/envelope';
import { BUREAU_APPS, SCHOOL_APPS } from '../db/seed-desktop-data';
import { HTML_CSP, IMAGE_CSP } from '../http/security-headers';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { PRODUCT_VERSION } from './version-data';

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': HTML_CSP,
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-cache',
};

describe('application pages, icons, viewport modules and versions', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    // A web build with only its index.html: the landing pages must still reach it.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-apps-test-'));
    webRoot = path.join(dataDir, 'web');
    fs.mkdirSync(webRoot, { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SPA</title>');
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(webRoot), { recursive: true, force: true });
  });

  /** A page as a signed-in user's browser asks for it: their session cookie, their unit's host. */
  async function pageFor(username: string, url: string) {
    const session = await signIn(t.app, username);
    return t.app.inject({ url, headers: { cookie: session.cookie, host: session.host } });
  }

  it('serves an application page to a user whose menu holds it, with the HTML security headers', async () => {
    const page = await pageFor('teacher01', '/pages/notice/pc_tzgg_pre/index.html');
    expect(page.statusCode).toBe(200);
    // The answer depends on who asks: a shared cache must not keep it for another user.
    expect(page.headers).toMatchObject({ ...HTML_HEADERS, 'cache-control': 'private, no-cache' });
    // The notice application on the page of every application of the web build: its bundle
    // filling the page's root, which names PH, the way back, and the licence check.
    expect(page.body).toContain('<title>通知公告</title>');
    expect(page.body).toContain('<script type="module" src="/common/apps/notices/notices.js">');
    expect(page.body).toContain('<div id="app-root" data-ph="/common/plugins/common-ph/');
    expect(page.body).toContain('data-id-path="pre"');
    expect(page.body).toContain('<script src="/common/apps/app-page.js"></script>');
    expect(page.body).toContain('该模块已到期，请联系管理员！');
    expect(page.body).toContain('href="/pages/base/pc_desktop_all/index.html"');
    // No inline script: the CSP allows same-origin files only.
    expect(page.body).not.toMatch(/<script>|\son[a-z]+=/);

    const mobile = await pageFor('parent02', '/pages/kcb/mobile_kcb_spm/index.html');
    expect(mobile.statusCode).toBe(200);
    expect(mobile.body).toContain('app-page--mobile');
    expect(mobile.body).toContain('href="/pages/base/mobile_desktop_all/index.html"');

    // The deploy path replaces the root; the bureau page links to the area desktop.
    expect((await pageFor('student01', '/cloud/learning/pc_zxxx_pre/index.html')).statusCode).toBe(
      200,
    );
    const area = await pageFor('area01', '/area/region/pc_qysj_pre/index.html');
    expect(area.statusCode).toBe(200);
    expect(area.body).toContain('href="/area/areaBase/pc_areaDesktop_all/index.html"');
  });

  it('gives an application without a page of its own a coming-soon page, not developer notes', async () => {
    const page = await pageFor('teacher01', '/pages/netdisk/pc_wdwp_pre/index.html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1 class="app-page__title" data-app-name>网络硬盘</h1>');
    expect(page.body).toContain('data-english-name="Cloud Drive"');
    expect(page.body).toContain('即将上线');
    expect(page.body).toContain(`src="${appIconPath('wdwp')}"`);
    expect(page.body).toContain(
      'class="app-page__home" href="/pages/base/pc_desktop_all/index.html"',
    );
    // What only a developer reads: the id path, the module, the shared layer's name.
    expect(page.body).not.toMatch(/关于本页|（pre）|模块:|共享层|应用首页/);
    // Its texts in the three languages, in the page script.
    const script = (await t.app.inject({ url: '/common/apps/app-page.js' })).body;
    for (const text of ['即将上线', '即將上線', 'Coming soon', 'Back to desktop']) {
      expect(script).toContain(text);
    }
    expect(script).not.toMatch(/About this page|Shared layer|App start/);
  });

  it('answers the not-found page for a page outside the permitted menu list (spec §2)', async () => {
    for (const [username, url] of [
      // Office Automation is for user types 2 and 4: not in a student's menu.
      ['student01', '/pages/oa/pc_oa_tm/index.html'],
      ['student01', '/pages/oa/pc_oa_pre/index.html'],
      // Types 1 and 3 never open an application's tm page.
      ['parent02', '/pages/kcb/pc_kcb_tm/index.html'],
      ['parent02', '/pages/kcb/mobile_kcb_tm/index.html'],
      // Another id path than the user's, another unit's application, one being upgraded.
      ['teacher01', '/pages/notice/pc_tzgg_tm/index.html'],
      ['teacher01', '/area/region/pc_qysj_pre/index.html'],
      ['teacher01', '/pages/oa/pc_gwlz_pre/index.html'],
      ['area01', '/pages/notice/pc_tzgg_spm/index.html'],
    ] as const) {
      const response = await pageFor(username, url);
      expect(response.statusCode, `${username} ${url}`).toBe(404);
      // The web build's app, which shows the page in the user's language (renderer/pages/not-found).
      expect(response.body, url).toBe('<!doctype html><title>SPA</title>');
      expect(response.headers, url).toMatchObject({
        ...HTML_HEADERS,
        'cache-control': 'no-store',
      });
    }
    // The same pages, for users whose menu holds them.
    expect((await pageFor('teacher01', '/pages/oa/pc_oa_pre/index.html')).statusCode).toBe(200);
    expect((await pageFor('parent02', '/pages/kcb/pc_kcb_spm/index.html')).statusCode).toBe(200);
    expect((await pageFor('student01', '/pages/kcb/pc_kcb_tm/index.html')).statusCode).toBe(200);
  });

  it('sends a visitor without a session to sign in, and back to the page afterwards', async () => {
    for (const headers of [{}, { cookie: 'SY_ACCESS_TOKEN=made-up' }]) {
      const response = await t.app.inject({
        url: '/pages/notice/pc_tzgg_pre/index.html?from=mail',
        headers,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(
        `/login?redirect_uri=${encodeURIComponent('/pages/notice/pc_tzgg_pre/index.html?from=mail')}#/login`,
      );
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers every idPath and device of every application under its root', async () => {
    const urls: string[] = [];
    for (const app of SCHOOL_APPS) {
      if (app.menuRoute?.startsWith('http')) continue;
      for (const device of ['pc', 'mobile']) {
        for (const idPath of ['pre', 'spm', 'tm']) {
          urls.push(
            `/${app.deployPath ?? 'pages'}/${app.serverId}/${device}_${app.code}_${idPath}/index.html`,
          );
        }
      }
    }
    const session = await signIn(t.app, 'teacher02');
    for (const url of urls) {
      const response = await t.app.inject({ url, headers: { cookie: session.cookie } });
      // The page, or the not-found page: never the web build's app as if it were found.
      expect([200, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
      if (response.statusCode === 200) expect(response.body, url).toContain('data-app-code=');
    }
    const bureau = await signIn(t.app, 'area01');
    for (const app of BUREAU_APPS) {
      const url = `/area/${app.serverId}/pc_${app.code}_pre/index.html`;
      const response = await t.app.inject({
        url,
        headers: { cookie: bureau.cookie, host: bureau.host },
      });
      expect([200, 404], url).toContain(response.statusCode);
    }
  });

  it('leaves the landing pages and unknown applications to the web build', async () => {
    for (const url of [
      '/pages/base/pc_desktop_all/index.html',
      '/area/areaBase/pc_areaDesktop_all/index.html',
      '/pages/base/mobile_desktop_all/index.html',
      // Unknown application, wrong root, or an external (http) application: not ours.
      '/pages/notice/pc_nosuch_pre/index.html',
      '/area/notice/pc_tzgg_pre/index.html',
      '/pages/zjer/pc_zjer_pre/index.html',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('<!doctype html><title>SPA</title>');
    }
  });

  it('serves the page script and style', async () => {
    const script = await t.app.inject({ url: '/common/apps/app-page.js' });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('/api/uaa/oauth/me');
    expect(script.body).toContain('/api/base/license/unit?');
    const style = await t.app.inject({ url: '/common/apps/app-page.css' });
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.body).toContain('.app-page__blocked');
  });

  it('draws three distinct, script-free icons for every application', async () => {
    const codes = new Set([...SCHOOL_APPS, ...BUREAU_APPS].map((app) => app.code));
    const colour = new Set<string>();
    for (const code of codes) {
      const bodies: string[] = [];
      for (const variant of ['', 'gray', 'cartoon'] as const) {
        const response = await t.app.inject({ url: appIconPath(code, variant) });
        expect(response.statusCode, `${code} ${variant}`).toBe(200);
        expect(response.headers).toMatchObject({
          'content-type': 'image/svg+xml',
          'content-security-policy': IMAGE_CSP,
          'cache-control': 'public, max-age=86400',
        });
        expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(response.body).not.toMatch(/<script|on[a-z]+=|javascript:|href=/i);
        bodies.push(response.body);
      }
      expect(new Set(bodies).size, code).toBe(3);
      colour.add(bodies[0]?.replace(/g-[a-z]+/g, '') ?? '');
    }
    // Every application has its own drawing.
    expect(colour.size).toBe(codes.size);
    for (const url of [
      '/common/icons/nosuch.svg',
      '/common/icons/tzgg-blue.svg',
      '/common/icons/tzgg.png',
      '/common/icons/..%2Fsecret.svg',
      // Names of JavaScript object keys are no application codes either.
      '/common/icons/constructor.svg',
      '/common/icons/toString.svg',
      '/common/icons/valueOf.svg',
      '/common/icons/hasOwnProperty.svg',
      '/common/icons/__proto__.svg',
      '/common/icons/constructor-gray.svg',
      '/common/icons/toString-cartoon.svg',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('answers two viewport manifests keyed by fileId, whose files load', async () => {
    for (const [app, fileId] of [
      ['notice', 'notice-board'],
      ['kcb', 'timetable'],
    ] as const) {
      const manifest = await t.app.inject({ url: viewportManifestPath(app) });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
      const files = manifest.json<Record<string, string>>();
      expect(Object.keys(files).sort()).toEqual([`${fileId}.css`, `${fileId}.js`]);
      const script = await t.app.inject({ url: files[`${fileId}.js`] ?? '' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(script.body).toContain(`data-viewport-file="' + FILE_ID + '"`);
      expect(script.body).toContain('edudeskViewport');
      // The script is valid JavaScript (compiled, not run).
      expect(() => new Script(script.body)).not.toThrow();
      const style = await t.app.inject({ url: files[`${fileId}.css`] ?? '' });
      expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(style.body).toContain(`[data-viewport-file="${fileId}"]`);
    }
    expect((await t.app.inject({ url: '/oa/manifest.json' })).statusCode).toBe(404);
  });

  it('answers the three version sources', async () => {
    const pkg = await t.app.inject({ url: packageInfoPath('pages', 'base') });
    expect(pkg.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(pkg.json<PackageInfo>()).toEqual({
      name: 'base',
      appVersion: PRODUCT_VERSION,
      serverVersion: PRODUCT_VERSION,
      packageDate: '2026-03-01',
    });
    expect((await t.app.inject({ url: packageInfoPath('area', 'areaBase') })).statusCode).toBe(200);

    const server = await t.app.inject({ url: serverVersionPath('base') });
    expect(server.json<ApiEnvelope<ServerVersionInfo>>()).toMatchObject({
      status: 200,
      data: { serverVersion: PRODUCT_VERSION, webCodeVersion: PRODUCT_VERSION },
    });
    expect(server.headers['cache-control']).toBe('no-store');

    const releases = await t.app.inject({ url: versionFilePath('pages', 'base') });
    const entries = releases.json<VersionFileEntry[]>();
    expect(entries[0]?.version).toBe(PRODUCT_VERSION);
    for (const entry of entries) {
      expect(entry.metto.length).toBeGreaterThan(0);
      for (const note of entry.metto) {
        expect(note.cn).not.toBe('');
        expect(note.en).not.toBe('');
      }
    }

    // kcb's front end needs a newer server than the one deployed (the client's version alert).
    const kcbFront = (
      await t.app.inject({ url: packageInfoPath('pages', 'kcb') })
    ).json<PackageInfo>();
    const kcbServer = (await t.app.inject({ url: serverVersionPath('kcb') })).json<
      ApiEnvelope<ServerVersionInfo>
    >();
    expect(kcbFront.serverVersion > kcbServer.data.serverVersion).toBe(true);

    // score has no server version interface (the client's missing-interface notice).
    expect((await t.app.inject({ url: packageInfoPath('pages', 'score') })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: serverVersionPath('score') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiEnvelope>()).toMatchObject({ status: 404, code: 'not_found' });
    expect((await t.app.inject({ url: packageInfoPath('pages', 'nosuch') })).statusCode).toBe(404);
  });
});

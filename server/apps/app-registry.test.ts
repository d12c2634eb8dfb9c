import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DESKTOP_API } from '../../contract/api-paths';
import { runAdmin } from '../cli/admin';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { parseAppBackends } from './app-backends';

const MANIFEST = {
  code: 'homework',
  name: { 'zh-CN': '作业', 'zh-HK': '作業', en: 'Homework' },
  category: 'ZDYYYFL-CYYY',
  userTypes: [2, 4],
  pages: { pre: [2, 4] },
  icon: { color: '#2F80ED' },
  menu: [
    { code: 'homework_list', name: '列表', route: '/list' },
    { code: 'homework_edit', name: '新增' },
  ],
};

/** A web build holding one application: its bundle and app.json, as `npm run build` writes them. */
function webBuildWith(manifest: object): string {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-app-registry-'));
  const folder = path.join(webRoot, 'common', 'apps', 'homework');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'app.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(folder, 'homework.js'), 'export {};');
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>SPA</title>');
  return webRoot;
}

/** What the desktop of a signed-in user lists: the codes of its icons. */
async function desktopCodes(t: TestApp, username: string): Promise<string[]> {
  const session = await signIn(t.app, username);
  const headers = { cookie: session.cookie, host: session.host };
  const me = await t.app.inject({ url: API.me, headers });
  const { userId, unitId } = me.json<{ data: { userId: string; unitId: string } }>().data;
  const answer = await t.app.inject({
    url: `${DESKTOP_API.myAppIcon}?userId=${userId}&unitId=${unitId}&appType=1`,
    headers,
  });
  const data = answer.json<{ data: { iconVMs: { code: string }[] }[] }>().data;
  return data.flatMap((category) => category.iconVMs.map((icon) => icon.code));
}

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('applications of the web build in demo mode, and their own back ends', () => {
  let t: TestApp;
  let webRoot: string;
  let backend: http.Server;
  const seen: Seen[] = [];
  beforeAll(async () => {
    backend = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(201, { 'content-type': 'application/json', 'x-app': 'homework' });
        response.end(JSON.stringify({ status: 200, message: '', data: { list: [], total: 0 } }));
      });
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const { port } = backend.address() as AddressInfo;
    webRoot = webBuildWith(MANIFEST);
    t = await createTestApp({
      webRoot,
      appBackends: parseAppBackends(`homework=http://127.0.0.1:${String(port)}`),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => backend.close(resolve));
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('puts the icon on the desktops of the user types it serves', async () => {
    expect(await desktopCodes(t, 'teacher01')).toContain('homework');
    expect(await desktopCodes(t, 'parent01')).not.toContain('homework');
    const icon = await t.app.inject({ url: '/common/icons/homework.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('作');
  });

  it('serves the application’s own page at the spec’s URL, not a generated one', async () => {
    const session = await signIn(t.app, 'teacher01');
    const page = await t.app.inject({
      url: '/pages/homework/pc_homework_pre/index.html',
      headers: { cookie: session.cookie, host: session.host },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script type="module" src="/common/apps/homework/homework.js">');
    expect(page.body).toContain('<div id="app-root" data-ph="/common/plugins/common-ph/');
    expect(page.body).not.toContain('app-page__soon');
  });

  it('passes /api/<code>/ to its back end with the cookies, without hop-by-hop headers', async () => {
    seen.length = 0;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/homework/items/save?x=1',
      headers: {
        cookie: 'SY_ACCESS_TOKEN=abc',
        'content-type': 'application/json',
        connection: 'keep-alive, x-private',
        'x-private': 'one hop only',
        'x-kept': 'yes',
      },
      payload: JSON.stringify({ title: 'Essay', due: '2026-09-01' }),
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers['x-app']).toBe('homework');
    expect(answer.json()).toMatchObject({ status: 200, data: { total: 0 } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/homework/items/save?x=1',
      body: '{"title":"Essay","due":"2026-09-01"}',
    });
    expect(seen[0]?.headers).toMatchObject({ cookie: 'SY_ACCESS_TOKEN=abc', 'x-kept': 'yes' });
    expect(seen[0]?.headers['x-private']).toBeUndefined();
  });

  it('proxies configured codes only', async () => {
    seen.length = 0;
    const other = await t.app.inject({ url: '/api/timetable/items' });
    expect(other.statusCode).toBe(404);
    expect(seen).toHaveLength(0);
  });

  it('answers an error envelope when the back end is down', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const down = await createTestApp({
      appBackends: parseAppBackends(`homework=http://127.0.0.1:${String(port)}`),
    });
    try {
      const answer = await down.app.inject({ url: '/api/homework/items' });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ status: 502, code: 'app_backend_unavailable' });
      expect(answer.json<{ message: string }>().message).toContain('|||');
    } finally {
      await down.close();
    }
  });
});

describe('EDUDESK_APP_BACKENDS', () => {
  it('takes code=origin pairs', () => {
    const backends = parseAppBackends('homework=http://127.0.0.1:4100, clubs=http://clubs:80');
    expect([...backends.keys()]).toEqual(['homework', 'clubs']);
    expect(backends.get('homework')?.origin).toBe('http://127.0.0.1:4100');
  });

  it.each([
    ['uaa=http://127.0.0.1:4100', 'uaa'],
    ['Homework=http://127.0.0.1:4100', 'Homework'],
    ['homework=ftp://example.org', 'origin'],
    ['homework=http://127.0.0.1:4100/api', 'origin'],
    ['homework=http://user:pw@127.0.0.1:4100', 'origin'],
    ['homework=http://a:1,homework=http://b:2', 'twice'],
  ])('refuses %s', (value, reason) => {
    expect(() => parseAppBackends(value)).toThrow(reason);
  });
});

describe('admin add-app', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-add-app-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function addApp(manifest: object, ...extra: string[]) {
    const file = path.join(folder, 'app.json');
    fs.writeFileSync(file, JSON.stringify(manifest));
    const out: string[] = [];
    const io = {
      stdin: process.stdin,
      stdout: { write: (line: string) => out.push(line) } as unknown as NodeJS.WriteStream,
      stderr: { write: (line: string) => out.push(line) } as unknown as NodeJS.WriteStream,
    };
    const env = {
      EDUDESK_DATA_DIR: t.dataDir,
      ...(t.options.databaseUrl === undefined
        ? {}
        : { EDUDESK_DATABASE_URL: t.options.databaseUrl }),
      LANG: 'en_GB.UTF-8',
    };
    const code = await runAdmin(['add-app', '--manifest', file, ...extra], env, io);
    return { code, out: out.join('') };
  }

  async function appRows(code: string) {
    const sql = await t.database();
    return sql.all<{ unit_id: number; limit_user_type: string; front_user_type: string }>(
      'SELECT unit_id, limit_user_type, front_user_type FROM desktop_apps WHERE code = ? ORDER BY unit_id',
      [code],
    );
  }

  it('refuses a bad manifest with every reason, and writes nothing', async () => {
    const bad = await addApp({
      ...MANIFEST,
      code: 'uaa',
      extra: true,
      pages: { spm: [2] },
      icon: { color: 'red' },
    });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('code "uaa" is reserved');
    expect(bad.out).toContain('unknown field "extra"');
    expect(bad.out).toContain('pages.spm is for user types 1 and 3 only');
    expect(bad.out).toContain('icon must be');
    expect(await appRows('uaa')).toEqual([]);
    const catalogue = await addApp({ ...MANIFEST, code: 'rcap', menu: [] });
    expect(catalogue.code).toBe(1);
    expect(catalogue.out).toContain('one of the platform');
  });

  it('registers an application for one unit, and again without a second row', async () => {
    const first = await addApp(MANIFEST, '--unit', '1001');
    expect(first.code).toBe(0);
    expect(first.out).toContain('Registered homework (Homework) for unit(s) 1001');
    expect(first.out).toContain('grant-module homework');
    expect(
      await addApp({ ...MANIFEST, userTypes: [2], pages: { pre: [2] } }, '--unit', '1001'),
    ).toMatchObject({ code: 0 });
    expect(await appRows('homework')).toEqual([
      { unit_id: 1001, limit_user_type: '2', front_user_type: '2' },
    ]);
    expect((await addApp(MANIFEST, '--unit', '9999')).code).toBe(1);
  });
});

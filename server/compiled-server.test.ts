import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, serverVersionPath, STORAGE_API } from '../contract/api-paths';
import { FACE_CODES } from '../contract/face';
import {
  SERVER_BUNDLE,
  SERVER_PROCESS_ENV,
  SERVER_WORKERS,
  serverNodeArgs,
  serverProcessEnv,
} from '../scripts/build-server.mjs';
import { PRODUCT_VERSION } from './apps/version-data';
import { SCHEMA_VERSION } from './db/migrate';
import { VERSION_PATH } from './http/version-routes';
import { DEFAULT_OPTIONS } from './config';
import { FACE_FIXTURES, faceFixtureBase64 } from './face/face-fixtures';
import { PRODUCT_ROOT } from './product-root';

// What `npm start` runs: the server compiled by scripts/build-server.mjs, under plain Node.
const BUNDLE = path.join(PRODUCT_ROOT, SERVER_BUNDLE);

describe('the compiled server (npm start)', () => {
  const stops: (() => void)[] = [];
  afterAll(() => {
    for (const stop of stops) stop();
  });

  it("starts the server with glibc's fixed mmap threshold, unless the caller set one", () => {
    expect(SERVER_PROCESS_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(serverProcessEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
    expect(serverProcessEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe(
      '65536',
    );
  });

  it('builds, starts under plain Node and answers the web build and the API', async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: PRODUCT_ROOT,
      encoding: 'utf8',
    });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);

    const webRoot = mkdtempSync(path.join(tmpdir(), 'edudesk-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>compiled</title>');
    const child = spawn(process.execPath, serverNodeArgs(BUNDLE), {
      cwd: mkdtempSync(path.join(tmpdir(), 'edudesk-cwd-')),
      // As scripts/start.mjs starts it.
      env: {
        ...serverProcessEnv(),
        PORT: '0',
        HOST: '127.0.0.1',
        EDUDESK_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'edudesk-data-')),
        EDUDESK_WEB_ROOT: webRoot,
        EDUDESK_LOG: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    stops.push(() => child.kill());
    let errors = '';
    child.stderr.on('data', (data: Buffer) => {
      errors += data.toString();
    });
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (data: Buffer) => {
        out += data.toString();
        const match = /listening on (http:\/\/\S+)/.exec(out);
        if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
      });
      child.once('exit', (code) => {
        reject(new Error(`exited with ${String(code)}: ${errors}`));
      });
    });

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>compiled</title>');
    // The version comes from the product's package.json, found from dist/server.
    const version = await fetch(`${base}${serverVersionPath('base')}`);
    expect(await version.json()).toMatchObject({
      status: 200,
      data: { serverVersion: PRODUCT_VERSION },
    });
    const versions = await fetch(`${base}${VERSION_PATH}`);
    expect(await versions.json()).toMatchObject({
      data: { version: PRODUCT_VERSION, schema: SCHEMA_VERSION },
    });
    const missing = await fetch(`${base}/api/no/such/call`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });

    // A table export: built by the compiled worker thread, dist/server/table-export-worker.mjs.
    for (const name of Object.keys(SERVER_WORKERS)) {
      expect(existsSync(path.join(PRODUCT_ROOT, 'dist/server', `${name}.mjs`))).toBe(true);
    }
    const login = await fetch(`${base}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'teacher01', password: DEFAULT_OPTIONS.demoPassword }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const exported = await fetch(`${base}${STORAGE_API.tableExport}?Sy-Language=en`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ title: 'compiled', data: '<table><tr><td>1</td></tr></table>' }),
    });
    expect(exported.status).toBe(200);
    expect(
      Buffer.from(await exported.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    // A face photo: decoded and looked at (the models loaded) by dist/server/face-worker.mjs.
    const face = await fetch(`${base}${API.faceLogin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ faceImage: faceFixtureBase64(FACE_FIXTURES.coffee) }),
    });
    expect(face.status).toBe(200);
    expect(await face.json()).toMatchObject({ status: 400, code: FACE_CODES.noFace });
    expect(errors).toBe('');
  }, 60_000);
});

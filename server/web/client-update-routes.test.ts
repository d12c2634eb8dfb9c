import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLER, LATEST_YML, writeFeedFolder } from '../testing/client-update-feed';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('client updates at /client/updates/win/', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-updates-test-'));
    t = await createTestApp({
      clientUpdatesDir: writeFeedFolder(base),
      webRoot: path.join(base, 'web'),
    });
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('serves latest.yml as YAML, revalidated on every check', async () => {
    const response = await t.app.inject({ url: '/client/updates/win/latest.yml' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(LATEST_YML);
    expect(response.headers['content-type']).toBe('text/yaml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, must-revalidate');
  });

  it('serves the installer cached long with an ETag, and answers 304 to it', async () => {
    const url = '/client/updates/win/EduDesk-Setup-1.2.0.exe';
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INSTALLER);
    expect(response.headers['content-type']).toBe('application/vnd.microsoft.portable-executable');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000');
    expect(response.headers['accept-ranges']).toBe('bytes');
    const etag = response.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({ url, headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);

    const blockmap = await t.app.inject({ url: `${url}.blockmap` });
    expect(blockmap.statusCode).toBe(200);
    expect(blockmap.headers['content-type']).toBe('application/octet-stream');
  });

  it('answers Range requests (the differential download) and HEAD', async () => {
    const url = '/client/updates/win/EduDesk-Setup-1.2.0.exe';
    const range = await t.app.inject({ url, headers: { range: 'bytes=3-8' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(INSTALLER.slice(3, 9));
    expect(range.headers['content-range']).toBe(`bytes 3-8/${String(INSTALLER.length)}`);

    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(INSTALLER.length));
    expect(head.body).toBe('');
  });

  it.each([
    '/client/updates/win/',
    '/client/updates/win/missing.yml',
    '/client/updates/win/.latest.yml',
    '/client/updates/win/notes.txt',
    '/client/updates/win/linked.yml',
    '/client/updates/win/old/latest.yml',
    '/client/updates/win/old%2Flatest.yml',
    '/client/updates/win/..%2Fsecret.yml',
    '/client/updates/win/%2e%2e%2fsecret.yml',
    '/client/updates/win/..%5Csecret.yml',
    '/client/updates/win/../secret.yml',
  ])('refuses %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('0.9.0');
  });

  it('serves nothing there when EDUDESK_CLIENT_UPDATES_DIR is unset', async () => {
    const plain = await createTestApp({ webRoot: path.join(base, 'web') });
    try {
      const response = await plain.app.inject({ url: '/client/updates/win/latest.yml' });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

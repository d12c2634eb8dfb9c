import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFeed } from '../../main/updates/update-feed';
import { decideUpdate, feedUrlOf, updatePolicyFrom } from '../../main/updates/update-policy';
import { createTestApp, type TestApp } from '../testing/test-app';
import { INSTALLER, writeFeedFolder } from '../testing/client-update-feed';

/**
 * The desktop client's feed reader (main/updates/update-feed.ts) against the real reference
 * server over HTTP, and against an HTTPS server whose certificate nobody trusts.
 */
describe('the client update feed, end to end', () => {
  let t: TestApp;
  let base: string;
  let origin: string;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-feed-test-'));
    t = await createTestApp({
      clientUpdatesDir: writeFeedFolder(base),
      webRoot: path.join(base, 'web'),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('reads the served feed, and honours its staged percentage', async () => {
    const logged: string[] = [];
    const policy = updatePolicyFrom({});
    const feedUrl = feedUrlOf(policy, origin) ?? '';
    const feed = await readFeed(feedUrl, fetch, (message) => logged.push(message));
    expect(logged).toEqual([]);
    expect(feed).toEqual({
      version: '1.2.0',
      stagingPercentage: 30,
      files: ['EduDesk-Setup-1.2.0.exe'],
    });
    if (feed === null) return;
    const input = { kind: 'nsis' as const, policy, currentVersion: '1.1.0', feed, feedUrl };
    expect(decideUpdate({ ...input, stagingBucket: 29 })).toEqual({
      action: 'download',
      version: '1.2.0',
    });
    expect(decideUpdate({ ...input, stagingBucket: 30 }).action).toBe('none');
  });

  it('serves the installer in ranges to a real HTTP client', async () => {
    const response = await fetch(`${origin}/client/updates/win/EduDesk-Setup-1.2.0.exe`, {
      headers: { range: 'bytes=0-1' },
    });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe(INSTALLER.slice(0, 2));
  });

  it('logs a 404 (no feed at that URL) and answers null', async () => {
    const logged: string[] = [];
    const feed = await readFeed(`${origin}/client/updates/mac/`, fetch, (message) =>
      logged.push(message),
    );
    expect(feed).toBeNull();
    expect(logged).toEqual([`Update check: ${origin}/client/updates/mac/latest.yml answered 404`]);
  });

  it('logs a bad certificate and answers null, without throwing', async () => {
    const key = path.join(base, 'key.pem');
    const cert = path.join(base, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
    const server = https.createServer(
      { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
      (_request, response) => {
        response.end('version: 9.9.9\n');
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const logged: string[] = [];
      const feed = await readFeed(`https://localhost:${String(port)}/win/`, fetch, (message) =>
        logged.push(message),
      );
      expect(feed).toBeNull();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(
        /^Update check: https:\/\/localhost:\d+\/win\/latest\.yml failed: /,
      );
      expect(logged[0]).toMatch(/certificate/i);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

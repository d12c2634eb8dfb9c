import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, STORAGE_API } from '../contract/api-paths';
import { OAuthStore } from './oauth/oauth-store';
import { bytes, formPost, md5Of, postChunk } from './storage/upload-test-helpers';
import { createTestApp, signIn, type TestApp } from './testing/test-app';

const MIB = 1024 * 1024;

/**
 * Two server nodes on one database and one files folder (docs/scale-out.md), on the engine under
 * test: two apps in this process, each with its own connections, racing on the rules that must
 * hold when several nodes serve one platform. The database decides each race.
 */
describe('two nodes on one database', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  async function twoNodes(): Promise<[TestApp, TestApp]> {
    const first = await createTestApp();
    apps.push(first);
    const second = await createTestApp({
      dataDir: first.dataDir,
      ...(first.options.databaseUrl === undefined
        ? {}
        : { databaseUrl: first.options.databaseUrl }),
    });
    apps.push(second);
    return [first, second];
  }

  it('rotates a refresh token presented to both at once exactly once, and ends the family', async () => {
    const [a, b] = await twoNodes();
    const session = await signIn(a.app, 'teacher01');
    const [onA, onB] = await Promise.all(
      [a, b].map((node) =>
        node.app.inject({
          url: API.refresh,
          headers: { cookie: session.cookie, host: session.host },
        }),
      ),
    );
    const statuses = [onA?.statusCode, onB?.statusCode].sort();
    expect(statuses).toEqual([200, 401]);
    // The loser counts as a reuse: the winner's new tokens are ended too, on both nodes.
    const winner = onA?.statusCode === 200 ? onA : onB;
    const access = winner?.cookies.find((cookie) => cookie.name === 'SY_ACCESS_TOKEN')?.value;
    expect(access).toBeDefined();
    for (const node of [a, b]) {
      const me = await node.app.inject({
        url: API.me,
        headers: { cookie: `SY_ACCESS_TOKEN=${String(access)}`, host: session.host },
      });
      expect(me.statusCode).toBe(401);
    }
  });

  it('redeems an authorisation code presented to both at once exactly once', async () => {
    const [a, b] = await twoNodes();
    const options = {
      now: a.clock.now,
      codeTtlMs: 60_000,
      accessTtlMs: 60_000,
      refreshTtlMs: 60_000,
    };
    const onA = new OAuthStore(await a.database(), options);
    const onB = new OAuthStore(await b.database(), options);
    const code = await onA.issueCode({
      clientId: 'edudesk-demo-portal',
      redirectUri: 'http://localhost:8080/demo/partner/callback',
      userId: 10001,
      unitId: 1001,
      scope: 'openid profile',
      codeChallenge: undefined,
    });
    const results = await Promise.all([onA.redeemCode(code), onB.redeemCode(code)]);
    expect(results.map((result) => result.kind).sort()).toEqual(['redeemed', 'replayed']);
  });

  it('merges an upload asked of both at once once, and both callers get the file', async () => {
    const [a, b] = await twoNodes();
    const session = await signIn(a.app, 'teacher01');
    const data = bytes(4 * MIB + 3, 41);
    const md5 = md5Of(data);
    const each = 2 * MIB;
    for (const [index, chunk] of [1, 2, 3].entries()) {
      const node = index % 2 === 0 ? a : b;
      const sent = await postChunk(node.app, session.cookie, { data, md5, chunk, eachSize: each });
      expect(sent.json()).toMatchObject({ status: 200 });
    }
    const merges = await Promise.all(
      [a, b].map((node) =>
        formPost(
          node.app,
          STORAGE_API.mergeFile,
          { md5, name: 'twice.mp4', size: String(data.length), chunks: '3', uid: 'two-nodes' },
          session.cookie,
        ),
      ),
    );
    for (const merge of merges) {
      expect(merge.json()).toMatchObject({ status: 200, data: { md5, size: data.length } });
    }
    const storage = path.join(a.dataDir, 'storage');
    const stored = fs.readFileSync(path.join(storage, 'files', md5.slice(0, 2), md5));
    expect(stored.equals(Buffer.from(data))).toBe(true);
    expect(fs.existsSync(path.join(storage, 'chunks', '1001', md5))).toBe(false);
  });
});

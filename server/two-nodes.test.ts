import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API, DESKTOP_API, STORAGE_API } from '../contract/api-paths';
import { NOTICES_LISTENER_NAME } from './db/change-notices';
import { runAdmin } from './cli/admin';
import { OAuthStore } from './oauth/oauth-store';
import { bytes, formPost, md5Of, postChunk } from './storage/upload-test-helpers';
import { eventually } from './testing/eventually';
import { createTestApp, signIn, type SignedIn, type TestApp } from './testing/test-app';
import { TEST_POSTGRES_URL } from './testing/test-database';

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

  function me(node: TestApp, session: SignedIn) {
    return node.app.inject({
      url: API.me,
      headers: { cookie: session.cookie, host: session.host },
    });
  }

  const refusedOn = (node: TestApp, session: SignedIn) => async () =>
    (await me(node, session)).statusCode === 401;

  /**
   * Renames the user behind the nodes' backs (as an operator's psql would, with no notice) and
   * says whether `node` still answers the old name: it answers from its cache of sessions.
   */
  async function answersFromCache(node: TestApp, session: SignedIn, userId: number) {
    const before = (await me(node, session)).json<{ data: { realName: string } }>().data.realName;
    const database = await node.database();
    await database.run('UPDATE users SET real_name = ? WHERE id = ?', [`${before}·`, userId]);
    const after = (await me(node, session)).json<{ data: { realName: string } }>().data.realName;
    return after === before;
  }

  describe.runIf(TEST_POSTGRES_URL !== undefined)('on PostgreSQL, with cached sessions', () => {
    it('refuses on one node a session ended on the other', async () => {
      const [a, b] = await twoNodes();
      const session = await signIn(a.app, 'teacher02');
      expect((await me(b, session)).statusCode).toBe(200);
      expect(await answersFromCache(b, session, 10002)).toBe(true);
      const logout = await a.app.inject({
        method: 'POST',
        url: API.logout,
        headers: { cookie: session.cookie, host: session.host },
      });
      expect(logout.json()).toMatchObject({ status: 200, data: true });
      await eventually(refusedOn(b, session), 'refused on the other node');
    });

    it('refuses on every node a user the admin tool disabled', async () => {
      const [a, b] = await twoNodes();
      const session = await signIn(a.app, 'teacher02');
      for (const node of [a, b]) {
        expect((await me(node, session)).statusCode).toBe(200);
        expect(await answersFromCache(node, session, 10002)).toBe(true);
      }
      const out = { write: () => true } as unknown as NodeJS.WriteStream;
      const code = await runAdmin(
        ['disable', 'teacher02'],
        {
          EDUDESK_DATA_DIR: a.dataDir,
          EDUDESK_DATABASE_URL: a.options.databaseUrl ?? '',
          EDUDESK_LOG: '0',
        },
        { stdin: process.stdin, stdout: out, stderr: out },
      );
      expect(code).toBe(0);
      for (const node of [a, b]) await eventually(refusedOn(node, session), 'refused');
    });

    it('counts on each node what the other node and the admin tool changed', async () => {
      const [a, b] = await twoNodes();
      const session = await signIn(a.app, 'teacher02');
      const counts = async (node: TestApp) =>
        (
          await node.app.inject({
            url: DESKTOP_API.unhandleCount,
            headers: { cookie: session.cookie, host: session.host },
          })
        ).json<{ data: { todo: number; message: number } }>().data;
      const before = await counts(b);
      expect(await counts(a)).toEqual(before);
      const showsOn = (node: TestApp, expected: { todo: number; message: number }) => async () =>
        JSON.stringify(await counts(node)) === JSON.stringify(expected);

      const all = await a.app.inject({
        method: 'POST',
        url: DESKTOP_API.messagesReadAll,
        headers: { cookie: session.cookie, host: session.host, 'content-type': 'application/json' },
        payload: {},
      });
      expect(all.json()).toMatchObject({ status: 200, data: true });
      const read = { ...before, message: 0 };
      expect(await counts(a)).toEqual(read);
      await eventually(showsOn(b, read), 'counted on the other node');

      const out = { write: () => true } as unknown as NodeJS.WriteStream;
      const code = await runAdmin(
        ['send-message', 'teacher02', '--text', '机房周五停电', '--todo'],
        {
          EDUDESK_DATA_DIR: a.dataDir,
          EDUDESK_DATABASE_URL: a.options.databaseUrl ?? '',
          EDUDESK_LOG: '0',
        },
        { stdin: process.stdin, stdout: out, stderr: out },
      );
      expect(code).toBe(0);
      for (const node of [a, b]) {
        await eventually(showsOn(node, { ...read, todo: read.todo + 1 }), 'counted on both');
      }
    });

    it('stops trusting its cache while it cannot hear, and trusts it again once it hears', async () => {
      const [a, b] = await twoNodes();
      const session = await signIn(a.app, 'teacher02');
      expect(await answersFromCache(b, session, 10002)).toBe(true);
      const database = await a.database();
      const listeners = (): Promise<{ pid: number }[]> =>
        database.all<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = ?`,
          [NOTICES_LISTENER_NAME],
        );
      const cut = await listeners();
      expect(cut).toHaveLength(2);
      for (const { pid } of cut) {
        await database.get('SELECT pg_terminate_backend(?)', [pid]);
      }
      // Whether or not it listens again already, it forgot what it cached: the name changed.
      await eventually(async () => {
        const answer = (await me(b, session)).json<{ data: { realName: string } }>();
        return answer.data.realName === '李老师·';
      }, 'reading the database');

      // Both nodes listen again on new connections, trust their caches, and hear a logout.
      await eventually(async () => {
        const now = (await listeners()).map(({ pid }) => pid);
        return now.length === 2 && now.every((pid) => !cut.some((old) => old.pid === pid));
      }, 'listening again');
      await eventually(() => answersFromCache(b, session, 10002), 'caching again');
      await a.app.inject({
        method: 'POST',
        url: API.logout,
        headers: { cookie: session.cookie, host: session.host },
      });
      await eventually(refusedOn(b, session), 'refused on the other node');
    });
  });

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

import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../contract/api-paths';
import { UNREAD_COUNTS_CHANNEL } from '../base/unread-counts';
import { HEALTH_PATHS } from '../http/health-routes';
import { listenForNotices } from './change-notices';
import { PRODUCT_ROOT } from '../product-root';
import { eventually } from '../testing/eventually';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import {
  createTestDatabase,
  TEST_POSTGRES_URL,
  type TestDatabaseLocation,
} from '../testing/test-database';

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A TCP relay to PostgreSQL that the test can cut (every connection reset, nothing listening)
 * and restore on the same port: a database restart or a network fault as the node sees it. Or
 * silence: a cable cut somewhere further, that nobody reports.
 */
class CuttableRelay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Every open connection stops carrying anything, without a word; new ones are relayed. */
  silence(): void {
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe('database faults', () => {
  let t: TestApp | undefined;
  let relay: CuttableRelay | undefined;
  afterEach(async () => {
    await relay?.cut();
    await t?.close();
    t = undefined;
    relay = undefined;
  });

  /** A fresh database reached through `relay`: its location, and the relay's address of it. */
  async function behindRelay(): Promise<{
    location: TestDatabaseLocation;
    url: URL;
    relay: CuttableRelay;
  }> {
    const location = await createTestDatabase();
    const url = new URL(location.databaseUrl ?? '');
    const opened = new CuttableRelay({ host: url.hostname, port: Number(url.port) });
    relay = opened;
    await opened.open();
    url.port = String(opened.port);
    return { location, url, relay: opened };
  }

  it('a node whose database cannot be reached names the host, never the password, and exits', async () => {
    const port = await closedPort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(PRODUCT_ROOT, 'server', 'main.ts')],
      {
        cwd: PRODUCT_ROOT,
        env: {
          ...process.env,
          EDUDESK_LOG: '0',
          PORT: '0',
          EDUDESK_DATABASE_URL: `postgres://edudesk:s3cret-Pa55@127.0.0.1:${String(port)}/edudesk`,
        },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(`the database at 127.0.0.1:${String(port)}/edudesk cannot be reached`);
    expect(stderr).not.toContain('s3cret-Pa55');
  });

  it.runIf(TEST_POSTGRES_URL !== undefined)(
    'answers 503 while the database is unreachable, then goes on by itself when it is back',
    async () => {
      const { location, url, relay: between } = await behindRelay();
      t = await createTestApp({ dataDir: location.dataDir, databaseUrl: url.toString() });
      const signedIn = await signIn(t.app, 'teacher01');
      const me = () => t?.app.inject({ url: API.me, headers: { cookie: signedIn.cookie } });
      expect((await me())?.statusCode).toBe(200);

      await between.cut();
      // The node answers a session it remembers until it notices that it cannot hear of
      // revocations any more (its listening connection was cut too:
      // server/db/change-notices.ts); then it asks the database.
      await eventually(async () => (await me())?.statusCode === 503, 'answering 503');
      const lost = await me();
      expect(lost?.statusCode).toBe(503);
      expect(lost?.headers['retry-after']).toBe('5');
      expect(lost?.json()).toMatchObject({
        status: 503,
        code: 'service_unavailable',
        message:
          '服务暂时不可用，请稍后重试|||The service is briefly unavailable. Please try again in a moment',
      });
      const ready = await t.app.inject({ url: HEALTH_PATHS.ready });
      expect(ready.statusCode).toBe(503);

      await between.open();
      expect((await me())?.statusCode).toBe(200);
      expect((await t.app.inject({ url: HEALTH_PATHS.ready })).statusCode).toBe(200);
      await t.close();
      t = undefined;
      await location.remove();
    },
  );

  it.runIf(TEST_POSTGRES_URL !== undefined)(
    'stops trusting what it keeps when its listening connection falls silent',
    async () => {
      const { location, url, relay: between } = await behindRelay();
      const heard: string[] = [];
      const listener = await listenForNotices(
        url.toString(),
        {
          [UNREAD_COUNTS_CHANNEL]: {
            forgetUser: () => heard.push('user'),
            forgetAll: () => heard.push('all'),
            suspend: () => heard.push('suspend'),
            resume: () => heard.push('resume'),
          },
        },
        { proveEveryMs: 100 },
      );
      try {
        expect(heard).toEqual(['resume']);
        between.silence();
        // Nothing was reset or closed: only the connection's silence tells.
        await eventually(() => Promise.resolve(heard.includes('suspend')), 'suspended');
        await eventually(() => Promise.resolve(heard.at(-1) === 'resume'), 'listening again');
        expect(heard.slice(0, 3)).toEqual(['resume', 'suspend', 'resume']);
        // Closed while silent, it does not wait for an answer that never comes.
        between.silence();
        await listener.close();
      } finally {
        await listener.close();
        await location.remove();
      }
    },
  );
});

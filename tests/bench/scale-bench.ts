/**
 * Scale-out figures (docs/scale-out.md), each against the bare Fastify route measured in the
 * same run:
 * - per node, on SQLite and on PostgreSQL: `/me` req/s and sign-ins per second at the production
 *   password hash (argon2id, m = 19 MiB, t = 2), with the sign-in's median latency; the node is the compiled
 *   server in its own process, as `npm start` and `npm run cluster` run it;
 * - `/me` req/s through nginx with two nodes against one, on PostgreSQL.
 * This machine has two cores: the load generator, nginx, PostgreSQL and the nodes share them, so
 * two nodes cannot beat one here; the figure says what the balancer and a second process cost,
 * and the per-core figures are what the sizing in docs/scale-out.md multiplies.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_OPTIONS } from '../../server/config';
import { freePort, startCluster, startNode, type ClusterNode } from '../../scripts/cluster.mjs';
import { median } from './median';
import { bareRoute, load, sessionCookie } from './me-throughput';
import { processCpuSeconds } from './process-cpu';

type Row = (name: string, value: string, target: string, pass: boolean, detail?: string) => void;

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? '10');
const SIGN_INS = Number(process.env.BENCH_SCALE_SIGN_INS ?? '16');
/** `/me` on a PostgreSQL node against the bare route, at least (docs/scale-out.md, "Figures"). */
const ME_POSTGRES_FLOOR = 0.7;

interface NodeFigures {
  meRps: number;
  meErrors: number;
  signInsPerSecond: number;
  signInsPerCoreSecond: number;
  signInMedianMs: number;
}

async function measureNode(node: ClusterNode): Promise<NodeFigures> {
  const password = DEFAULT_OPTIONS.demoPassword;
  const cookie = await sessionCookie(node.url, 'teacher01', password);
  const meUrl = `${node.url}/api/uaa/oauth/me`;
  await load(meUrl, { cookie }, 1);
  const me = await load(meUrl, { cookie }, SECONDS);

  // Four at a time: libuv's hashing threads.
  const latencies: number[] = [];
  const cpuBefore = processCpuSeconds(node.pid);
  const started = performance.now();
  for (let done = 0; done < SIGN_INS; done += 4) {
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const at = performance.now();
        await sessionCookie(node.url, 'teacher01', password);
        latencies.push(performance.now() - at);
      }),
    );
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuSeconds = processCpuSeconds(node.pid) - cpuBefore;
  return {
    meRps: me.requestsPerSecond,
    meErrors: me.errors + me.non2xx,
    signInsPerSecond: SIGN_INS / wallSeconds,
    signInsPerCoreSecond: SIGN_INS / cpuSeconds,
    signInMedianMs: median(latencies),
  };
}

async function sqliteNode(folder: string): Promise<NodeFigures> {
  const node = await startNode({
    port: await freePort(),
    databaseUrl: '',
    filesDir: path.join(folder, 'files'),
    dataDir: path.join(folder, 'sqlite'),
    env: { EDUDESK_LOG: '0', EDUDESK_DATABASE_URL: '' },
    log: 'ignore',
  });
  try {
    return await measureNode(node);
  } finally {
    await node.kill('SIGTERM');
  }
}

async function balancedMe(folder: string, nodes: number): Promise<{ rps: number; errors: number }> {
  const cluster = await startCluster({
    folder: path.join(folder, `cluster-${String(nodes)}`),
    nodes,
    log: 'ignore',
    nodeEnv: { EDUDESK_LOG: '0' },
  });
  try {
    const cookie = await sessionCookie(cluster.url, 'teacher01', DEFAULT_OPTIONS.demoPassword);
    const meUrl = `${cluster.url}/api/uaa/oauth/me`;
    await load(meUrl, { cookie }, 1);
    const me = await load(meUrl, { cookie }, SECONDS);
    return { rps: me.requestsPerSecond, errors: me.errors + me.non2xx };
  } finally {
    await cluster.stop();
  }
}

export async function runScaleBenchmarks(row: Row, base: string): Promise<boolean> {
  const folder = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-scale-'));
  // PostgreSQL runs as its own user (scripts/postgres.mjs) and must reach its folders in ours.
  chmodSync(folder, 0o755);
  try {
    const cookie = await sessionCookie(base, 'teacher01', DEFAULT_OPTIONS.demoPassword);
    const body = await (await fetch(`${base}/api/uaa/oauth/me`, { headers: { cookie } })).text();
    const bare = await bareRoute(body);
    await load(bare.url, {}, 1);
    const baseline = await load(bare.url, {}, SECONDS);
    await bare.close();
    row(
      'bare Fastify route (baseline)',
      `${baseline.requestsPerSecond.toFixed(0)} req/s`,
      '',
      true,
    );

    const sqlite = await sqliteNode(folder);
    // PostgreSQL: a one-node cluster's node, measured directly (no balancer in the way).
    const cluster = await startCluster({
      folder: path.join(folder, 'postgres-node'),
      nodes: 1,
      log: 'ignore',
      nodeEnv: { EDUDESK_LOG: '0' },
    });
    let postgres: NodeFigures;
    try {
      const [node] = cluster.nodes;
      if (!node) throw new Error('no node');
      postgres = await measureNode(node);
    } finally {
      await cluster.stop();
    }

    let failed = false;
    for (const [engine, figures, floor] of [
      ['SQLite', sqlite, undefined],
      // The session cache with PostgreSQL's notices (server/db/change-notices.ts).
      ['PostgreSQL', postgres, ME_POSTGRES_FLOOR],
    ] as const) {
      const ratio = figures.meRps / baseline.requestsPerSecond;
      const fast = floor === undefined || ratio >= floor;
      row(
        `${engine}: GET /me, one node`,
        `${figures.meRps.toFixed(0)} req/s (${ratio.toFixed(2)} × bare)`,
        floor === undefined ? '(reported)' : `≥ ${floor.toFixed(2)} × bare`,
        figures.meErrors === 0 && fast,
      );
      row(
        `${engine}: sign-ins at argon2id, one node`,
        `${figures.signInsPerSecond.toFixed(1)} /s, ${figures.signInsPerCoreSecond.toFixed(1)} /s per core`,
        '(reported)',
        true,
      );
      row(
        `${engine}: sign-in latency, median of ${String(SIGN_INS)} (4 at once)`,
        `${figures.signInMedianMs.toFixed(0)} ms`,
        '(reported)',
        true,
      );
      failed ||= figures.meErrors > 0 || !fast;
    }

    const one = await balancedMe(folder, 1);
    const two = await balancedMe(folder, 2);
    row(
      'PostgreSQL: GET /me through nginx, one node',
      `${one.rps.toFixed(0)} req/s`,
      '',
      one.errors === 0,
    );
    row(
      'PostgreSQL: GET /me through nginx, two nodes',
      `${two.rps.toFixed(0)} req/s (${(two.rps / one.rps).toFixed(2)} × one node)`,
      '(reported: 2 cores)',
      two.errors === 0,
    );
    return failed || one.errors + two.errors > 0;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

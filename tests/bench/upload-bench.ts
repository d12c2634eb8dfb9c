/**
 * Upload benchmarks (docs/upload.md), each against baselines measured in the same run:
 * - MD5 in the browser's worker (WebAssembly, and the spark-md5 fallback) on a BENCH_MD5_MIB file
 *   (default 512 MiB) as a ratio of `md5sum` on the same file, 5 runs each, the spread reported
 *   (target ≥ 0.8 for WebAssembly), with the main thread's longest task while hashing (< 50 ms);
 * - a BENCH_UPLOAD_MIB file (default 1 GiB) sent by the app and its peers (upload-lanes.ts) to
 *   one bench server process, BENCH_UPLOAD_ROUNDS rounds (default 3, lanes shuffled each round),
 *   medians, CPU seconds of the browser's and the server's processes; the server's peak memory
 *   (target < 200 MB);
 * - resume: bytes sent again after the tab is closed mid-upload of a BENCH_RESUME_MIB file
 *   (default 100 MiB) and the file is selected again (target: at most one chunk).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import BetterSqlite3 from 'better-sqlite3';
import { STORAGE_API } from '../../contract/api-paths';
import { UPLOAD_CHUNK_SIZE } from '../../contract/upload';
import { buildApp } from '../../server/app';
import { DEFAULT_OPTIONS } from '../../server/config';
import { DATABASE_FILE } from '../../server/db/database';
import {
  DEMO_PASSWORD,
  WEB_ROOT,
  freePort,
  launchBrowser,
  openPage,
  setMd5WorkerPolicy,
  signIn,
  wholeChunksOnServer,
} from '../e2e/harness';
import { serverNodeArgs, serverProcessEnv } from '../../scripts/build-server.mjs';
import { BENCH_ASSETS, BENCH_SERVER, buildBenchAssets } from './bench-assets';
import { median } from './median';
import {
  processCpuSeconds,
  treeCpuSecondsBetween,
  treeCpuSecondsByKind,
  treeSnapshot,
  type TreeSnapshot,
} from './process-cpu';
import type { BenchReport, LaneFigures } from './report';
import { UPLOAD_LANES, type LaneEnv, type LaneRun } from './upload-lanes';

type Row = (name: string, value: string, target: string, pass: boolean, detail?: string) => void;

const MIB = 1024 * 1024;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAGE = '/pages/base/pc_myFiles_all/index.html';

function mib(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A file of random bytes, written in blocks (never the whole file in memory). */
function randomFile(dir: string, name: string, bytes: number): string {
  const file = path.join(dir, name);
  const fd = openSync(file, 'w');
  try {
    for (let written = 0; written < bytes;) {
      const block = randomBytes(Math.min(64 * MIB, bytes - written));
      writeSync(fd, block);
      written += block.length;
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/uaa/oauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'teacher01', password: DEMO_PASSWORD }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ');
}

/** A file's MD5, streamed (outside any timing). */
async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const block of createReadStream(file)) hash.update(block as Buffer);
  return hash.digest('hex');
}

/** On a page sent to the login (My files without a session): signs in, then picks `file`. */
async function signInAndPick(page: Page, file: string): Promise<void> {
  await page.waitForURL(/\/login/);
  await signIn(page, 'teacher01', DEMO_PASSWORD);
  await page.getByRole('heading', { name: '我的文件' }).waitFor();
  await page
    .locator('.ant-upload input[type=file]:not([webkitdirectory])')
    .first()
    .setInputFiles(file);
}

/** Records the main thread's long tasks (≥ 50 ms) from the first script on. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
}

interface HashRun {
  seconds: number;
  engine: string;
  /** How the worker read the file: byob, copy or slices (blob-blocks.ts). */
  reading: string;
  longestTaskMs: number;
  /** Whether that task began before the MD5 did: the file selection's own task. */
  longestIsSelection: boolean;
}

/** Selects a file on My files, waits for its MD5 (the worker), then cancels the upload. */
async function hashInPage(browser: Browser, base: string, file: string, strictCsp: boolean) {
  const opened = await openPage(browser, `${base}/login`);
  const { page, context } = opened;
  try {
    await watchLongTasks(page);
    if (strictCsp) {
      // A worker whose policy forbids WebAssembly: spark-md5 runs.
      await setMd5WorkerPolicy(context, "script-src 'self'");
    }
    await page.goto(`${base}${PAGE}`);
    await signInAndPick(page, file);
    const handle = await page.waitForFunction(
      () => performance.getEntriesByName('edudesk-upload-md5').length > 0,
      undefined,
      { timeout: 600_000, polling: 50 },
    );
    await handle.dispose();
    // Stops the upload that follows the MD5. A small file (BENCH_MD5_MIB) may be sent, or found
    // on the server, before the click: then there is nothing left to cancel.
    const cancel = page.getByRole('button', { name: /^取消：/ });
    await cancel.click({ timeout: 10_000 }).catch(async (error: unknown) => {
      if (await cancel.isVisible()) throw error;
    });
    const result = await page.evaluate(() => {
      const [measure] = performance.getEntriesByName('edudesk-upload-md5') as PerformanceMeasure[];
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] })
        .__longTasks;
      if (!measure) throw new Error('no measure');
      const end = measure.startTime + measure.duration;
      const during = tasks.filter(
        (task) => task.start + task.duration >= measure.startTime && task.start <= end,
      );
      const longest = during.reduce<{ start: number; duration: number } | null>(
        (best, task) => (best === null || task.duration > best.duration ? task : best),
        null,
      );
      return {
        seconds: measure.duration / 1000,
        engine: String((measure.detail as { engine?: string } | null)?.engine),
        reading: String((measure.detail as { reading?: string } | null)?.reading),
        longestTaskMs: longest?.duration ?? 0,
        longestIsSelection: longest !== null && longest.start <= measure.startTime,
      };
    });
    return result satisfies HashRun;
  } finally {
    await context.close();
  }
}

const MD5_RUNS = 5;

function spread(values: readonly number[], digits = 0): string {
  return [...values]
    .sort((x, y) => x - y)
    .map((value) => value.toFixed(digits))
    .join(' · ');
}

async function md5Benchmark(browser: Browser, base: string, dir: string, row: Row) {
  const size = mib('BENCH_MD5_MIB', 512) * MIB;
  const file = randomFile(dir, 'md5-bench.bin', size);
  // Warm the page cache for both sides, then 5 runs of each, alternating.
  execFileSync('md5sum', [file]);
  const native: number[] = [];
  const wasm: HashRun[] = [];
  for (let run = 0; run < MD5_RUNS; run += 1) {
    const start = process.hrtime.bigint();
    execFileSync('md5sum', [file]);
    native.push(seconds(start));
    wasm.push(await hashInPage(browser, base, file, false));
  }
  const spark = await hashInPage(browser, base, file, true);
  rmSync(file);

  const mb = size / MIB;
  const label = `${String(mb)} MiB`;
  const rates = (runs: readonly number[]) => runs.map((s) => mb / s);
  const nativeRate = median(rates(native));
  const wasmRates = rates(wasm.map((run) => run.seconds));
  const wasmRate = median(wasmRates);
  const [first] = wasm;
  const engine = first?.engine ?? '?';
  const ratio = wasmRate / nativeRate;
  row(
    `md5sum ${label} (baseline), ${String(MD5_RUNS)} runs`,
    `${nativeRate.toFixed(0)} MiB/s`,
    '',
    true,
    `runs: ${spread(rates(native))} MiB/s`,
  );
  const wasmPass = ratio >= 0.8 && wasm.every((run) => run.engine === 'wasm');
  row(
    `MD5 in worker, ${engine}, reading ${first?.reading ?? '?'}, median of ${String(MD5_RUNS)}`,
    `${wasmRate.toFixed(0)} MiB/s ×${ratio.toFixed(2)}`,
    '≥ 0.8 × md5sum',
    wasmPass,
    `runs: ${spread(wasmRates)} MiB/s (×${spread(
      wasmRates.map((rate) => rate / nativeRate),
      2,
    )})${wasmPass ? '' : `; short by ${((0.8 - ratio) * nativeRate).toFixed(0)} MiB/s`}`,
  );
  const sparkRatio = mb / spark.seconds / nativeRate;
  row(
    `MD5 in worker, ${spark.engine}, reading ${spark.reading} (fallback)`,
    `${(mb / spark.seconds).toFixed(0)} MiB/s ×${sparkRatio.toFixed(2)}`,
    '(reported)',
    spark.engine === 'spark',
    '',
  );
  const runs = [...wasm, spark];
  const tasks = runs.map((run) => run.longestTaskMs);
  const longest = Math.max(...tasks);
  const selection = runs.filter((run) => run.longestTaskMs >= 50 && run.longestIsSelection);
  row(
    'main thread longest task while hashing',
    `${longest.toFixed(0)} ms`,
    '< 50 ms',
    longest < 50,
    `every run: ${spread(tasks)} ms; over 50 ms in ${String(
      tasks.filter((ms) => ms >= 50).length,
    )} runs, of which ${String(selection.length)} the file selection's own task (it starts the hash)`,
  );
  return !wasmPass || longest >= 50;
}

/**
 * The bench server (the reference server plus the bench-only routes) in its own process, with
 * `env` over its variables (the sign-in bench raises the throttle's limits).
 */
export async function spawnBenchServer(
  dataDir: string,
  workDir: string,
  env: Record<string, string> = {},
): Promise<{ base: string; child: ChildProcess }> {
  // Created and seeded here first, so the measured process does not count the first start's
  // password hashing in its peak.
  await (await buildApp({ ...DEFAULT_OPTIONS, dataDir, webRoot: WEB_ROOT, logger: false })).close();
  const port = await freePort();
  const child = spawn(process.execPath, serverNodeArgs(BENCH_SERVER), {
    cwd: REPO_ROOT,
    // Started as `npm start` starts the server (scripts/build-server.mjs: its flags and the
    // allocator's setting).
    env: {
      ...serverProcessEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      EDUDESK_DATA_DIR: dataDir,
      EDUDESK_WEB_ROOT: WEB_ROOT,
      EDUDESK_LOG: '0',
      EDUDESK_BENCH_WORK_DIR: workDir,
      EDUDESK_BENCH_ASSETS_DIR: BENCH_ASSETS,
      // The curl lane sends the whole file in one request.
      EDUDESK_UPLOAD_MAX_REQUEST_BYTES: String(8 * 1024 * MIB),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`bench server exited (${String(code)})`));
    });
    child.stdout.on('data', (data: Buffer) => {
      if (data.toString().includes('listening')) resolve();
    });
  });
  return { base: `http://localhost:${String(port)}`, child };
}

/** Peak resident memory of a process (VmHWM), in MB. */
export function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? '0');
  return kb / 1024;
}

/**
 * Makes the server forget the content it stored for a lane (its records and its file), so the
 * next lane sends the same file again instead of an instant upload.
 */
function forgetContent(dataDir: string, md5: string): void {
  const db = new BetterSqlite3(path.join(dataDir, DATABASE_FILE), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    db.prepare('DELETE FROM uploaded_files WHERE md5 = ?').run(md5);
  } finally {
    db.close();
  }
  rmSync(path.join(dataDir, 'storage', 'files', md5.slice(0, 2), md5), { force: true });
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

interface LaneSample extends LaneRun {
  serverCpu: number;
  browserCpu: number;
  /** The browser's CPU seconds by Chromium process type (browser, renderer, network, …). */
  browserCpuByKind: Record<string, number>;
  /** After the MD5 (the app; the whole run for the peers): the transfer's own CPU. */
  transferServerCpu: number;
  transferBrowserCpuByKind: Record<string, number>;
}

function kindsText(kinds: Record<string, number>): string {
  return Object.entries(kinds)
    .filter(([, cpu]) => cpu >= 0.05)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, cpu]) => `${kind} ${cpu.toFixed(1)}`)
    .join(', ');
}

function total(kinds: Record<string, number>): number {
  return Object.values(kinds).reduce((sum, cpu) => sum + cpu, 0);
}

/** One round of a lane, for the bench's log: wall time, MD5 and where the CPU went. */
function describeSample(id: string, sample: LaneSample): string {
  const spans = (kind: string) => sample.timeline.filter((span) => span.kind === kind);
  const chunks = spans('chunk');
  const [merge] = spans('merge');
  const steps =
    chunks.length > 0 && merge
      ? `; chunks ${Math.min(...chunks.map((span) => span.start)).toFixed(2)}–${Math.max(...chunks.map((span) => span.end)).toFixed(2)} s, merge ${merge.start.toFixed(2)}–${merge.end.toFixed(2)} s`
      : '';
  return `${id}: ${sample.seconds.toFixed(2)} s (MD5 ${sample.md5Seconds.toFixed(2)} s${steps}); CPU server ${sample.serverCpu.toFixed(1)} s, browser ${sample.browserCpu.toFixed(1)} s (${kindsText(sample.browserCpuByKind)}); after the MD5: server ${sample.transferServerCpu.toFixed(1)} s, browser ${total(sample.transferBrowserCpuByKind).toFixed(1)} s (${kindsText(sample.transferBrowserCpuByKind)})`;
}

function medianOf(samples: readonly LaneSample[], pick: (sample: LaneSample) => number): number {
  return median(samples.map(pick));
}

/** The median CPU seconds after the MD5 (the transfer's own), server and browser by process. */
function transferCpuText(runs: readonly LaneSample[]): string {
  const kinds = new Set(runs.flatMap((run) => Object.keys(run.transferBrowserCpuByKind)));
  const byKind: Record<string, number> = {};
  for (const kind of kinds) {
    byKind[kind] = median(runs.map((run) => run.transferBrowserCpuByKind[kind] ?? 0));
  }
  const server = median(runs.map((run) => run.transferServerCpu));
  const browser = median(runs.map((run) => total(run.transferBrowserCpuByKind)));
  return `CPU after the MD5: server ${server.toFixed(1)} s, browser ${browser.toFixed(1)} s (${kindsText(byKind)})`;
}

/** Where a lane's time went, for a missed target: wall time, MD5 and the transfer's CPU. */
function whereTimeGoes(lane: LaneFigures, runs: readonly LaneSample[]): string {
  const md5 = lane.md5Seconds > 0 ? `, MD5 ${lane.md5Seconds.toFixed(1)} s` : '';
  return `${lane.label}: ${lane.seconds.toFixed(1)} s wall${md5}; ${transferCpuText(runs)}`;
}

async function uploadBenchmark(browser: Browser, dir: string, row: Row, report: BenchReport) {
  const sizeMib = mib('BENCH_UPLOAD_MIB', 1024);
  const size = sizeMib * MIB;
  const rounds = Math.max(1, Math.round(mib('BENCH_UPLOAD_ROUNDS', 3)));
  const warmup = Math.max(0, Math.round(Number(process.env.BENCH_UPLOAD_WARMUP ?? 1) || 0));
  const only = process.env.BENCH_UPLOAD_LANES?.split(',').map((id) => id.trim());
  const lanes = UPLOAD_LANES.filter((lane) => !only || only.includes(lane.id));
  const file = randomFile(dir, 'upload-bench.mp4', size);
  const md5 = await md5OfFile(file);
  execFileSync('cat', [file], { stdio: ['ignore', 'ignore', 'ignore'] });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-upload-'));
  const workDir = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-work-'));
  await buildBenchAssets(WEB_ROOT);
  const { base, child } = await spawnBenchServer(dataDir, workDir);
  const serverPid = child.pid ?? 0;
  try {
    const cookie = await login(base);
    const idle = peakMemoryMb(serverPid);
    const env: LaneEnv = { browser, base, cookie, file, md5 };
    const samples = new Map<string, LaneSample[]>(lanes.map((lane) => [lane.id, []]));
    const peakRaisedBy = new Map<string, number>();
    // Warm-up rounds (BENCH_UPLOAD_WARMUP, default 1) run every lane once, unmeasured: the
    // server's and Chromium's first-time costs (JIT, caches, the first file) stay out.
    for (let round = 1 - warmup; round <= rounds; round += 1) {
      const order = shuffled(lanes);
      const name = round < 1 ? 'warm-up' : `${String(round)}/${String(rounds)}`;
      console.log(`  upload round ${name}: ${order.map((l) => l.id).join(', ')}`);
      for (const lane of order) {
        // CPU read when the MD5 is done (the app) or at the start (the peers hash nothing).
        // Set by a callback: kept in an object so the compiler does not assume null.
        const at: { transfer: { server: number; browser: TreeSnapshot } | null } = {
          transfer: null,
        };
        const opened = await lane.open({
          ...env,
          onMd5Done: () => {
            at.transfer = {
              server: processCpuSeconds(serverPid),
              browser: treeSnapshot(process.pid, [serverPid]),
            };
          },
        });
        const peakBefore = peakMemoryMb(serverPid);
        try {
          const server = processCpuSeconds(serverPid);
          const browserCpu = treeSnapshot(process.pid, [serverPid]);
          const run = await opened.run();
          const after = treeSnapshot(process.pid, [serverPid]);
          const serverAfter = processCpuSeconds(serverPid);
          const transfer = at.transfer ?? { server, browser: browserCpu };
          const sample: LaneSample = {
            ...run,
            serverCpu: serverAfter - server,
            browserCpu: treeCpuSecondsBetween(browserCpu, after),
            browserCpuByKind: treeCpuSecondsByKind(browserCpu, after),
            transferServerCpu: serverAfter - transfer.server,
            transferBrowserCpuByKind: treeCpuSecondsByKind(transfer.browser, after),
          };
          if (round >= 1) samples.get(lane.id)?.push(sample);
          console.log(`    ${describeSample(lane.id, sample)}`);
        } finally {
          await opened.close();
        }
        // Which lane raised the server's peak, and by how much (the memory target's "where").
        const raised = peakMemoryMb(serverPid) - peakBefore;
        if (raised > 0) {
          peakRaisedBy.set(lane.id, (peakRaisedBy.get(lane.id) ?? 0) + raised);
          console.log(`    ${lane.id} raised the server's peak RSS by ${raised.toFixed(1)} MB`);
        }
        if (lane.stores) forgetContent(dataDir, md5);
        rmSync(path.join(workDir, 'tus'), { recursive: true, force: true });
      }
    }
    const peak = peakMemoryMb(serverPid);

    const figures: LaneFigures[] = lanes.map((lane) => {
      const runs = samples.get(lane.id) ?? [];
      const transfer = medianOf(runs, (run) => run.seconds - run.md5Seconds);
      return {
        id: lane.id,
        label: lane.label,
        throughput: sizeMib / transfer,
        seconds: medianOf(runs, (run) => run.seconds),
        rounds: runs.map((run) => run.seconds),
        md5Seconds: medianOf(runs, (run) => run.md5Seconds),
        serverCpu: medianOf(runs, (run) => run.serverCpu),
        browserCpu: medianOf(runs, (run) => run.browserCpu),
      };
    });
    const timelines = lanes.flatMap((lane) => {
      const runs = samples.get(lane.id) ?? [];
      const last = runs[runs.length - 1];
      return last && last.timeline.length > 0
        ? [{ label: `${lane.label}, ${String(sizeMib)} MiB (last round)`, spans: last.timeline }]
        : [];
    });
    report.upload = { sizeMib, rounds, lanes: figures, timelines };

    const byId = new Map(figures.map((lane) => [lane.id, lane]));
    for (const lane of figures) {
      const md5Part = lane.md5Seconds > 0 ? `, MD5 ${lane.md5Seconds.toFixed(1)} s, after MD5` : '';
      row(
        `${lane.label}, ${String(sizeMib)} MiB`,
        `${lane.seconds.toFixed(1)} s${md5Part} ${lane.throughput.toFixed(0)} MiB/s`,
        '(reported)',
        true,
        `rounds ${spread(lane.rounds, 1)} s; CPU browser ${lane.browserCpu.toFixed(1)} s, server ${lane.serverCpu.toFixed(1)} s; ${transferCpuText(samples.get(lane.id) ?? [])}`,
      );
    }
    let failed = false;
    // Each round runs every lane once, one after the other: the ratio of a round's app and peer
    // saw the same load on the machine. The figure is the median of those paired ratios; its
    // spread says how far one round can be trusted.
    const transfer = (run: LaneSample) => run.seconds - run.md5Seconds;
    const pairedRatios = (appId: string, peerId: string) => {
      const appRuns = samples.get(appId) ?? [];
      const peerRuns = samples.get(peerId) ?? [];
      return appRuns.flatMap((run, round) => {
        const peer = peerRuns[round];
        return peer ? [transfer(peer) / transfer(run)] : [];
      });
    };
    const compare = (appId: string, peerId: string, goal: number | null, name: string) => {
      const app = byId.get(appId);
      const peer = byId.get(peerId);
      if (!app || !peer) return;
      const paired = pairedRatios(appId, peerId);
      const ratio = median(paired);
      const spreadText = `rounds ×${spread(paired, 2)}; ratio of the medians ×${(app.throughput / peer.throughput).toFixed(2)}`;
      if (goal === null) {
        row(name, `×${ratio.toFixed(2)}`, '(reported)', true, spreadText);
        return;
      }
      const pass = ratio >= goal;
      failed ||= !pass;
      row(
        name,
        `×${ratio.toFixed(2)}`,
        `≥ ${goal.toFixed(2)}`,
        pass,
        pass
          ? spreadText
          : `${spreadText}; short by ${(goal - ratio).toFixed(2)} (${(peer.throughput * goal - app.throughput).toFixed(0)} MiB/s; ${(app.seconds - app.md5Seconds - (peer.seconds - peer.md5Seconds) / goal).toFixed(1)} s). ${whereTimeGoes(app, samples.get(appId) ?? [])} | ${whereTimeGoes(peer, samples.get(peerId) ?? [])}`,
      );
    };
    compare('app-default', 'bare', 0.9, 'default profile transfer / bare protocol floor');
    compare('app-default', 'uppy-2mib', 1.0, 'default profile transfer / Uppy+tus 2 MiB chunks');
    compare('app-large', 'ceiling', 0.85, 'large-file profile transfer / browser ceiling');
    compare('app-large', 'uppy-default', 1.0, 'large-file profile transfer / Uppy+tus defaults');
    // Where the large-file profile's gap to the ceiling goes: Chromium's cost of sending slices
    // (any chunked upload pays it), then the protocol's and the server's.
    compare('ceiling-slices', 'ceiling', null, 'browser ceiling for chunks / browser ceiling');
    compare(
      'app-large',
      'ceiling-slices',
      null,
      'large-file profile transfer / ceiling for chunks',
    );
    compare('app-default', 'curl', null, 'default profile transfer / curl (context)');
    compare('app-large', 'curl', null, 'large-file profile transfer / curl (context)');
    const memoryPass = peak < 200;
    failed ||= !memoryPass;
    row(
      'server peak memory (RSS), whole upload group',
      `${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)} MB over idle)`,
      '< 200 MB',
      memoryPass,
      `${memoryPass ? '' : `over by ${(peak - 200).toFixed(0)} MB; `}idle ${idle.toFixed(0)} MB; raised by ${
        [...peakRaisedBy]
          .sort((a, b) => b[1] - a[1])
          .map(([id, mb]) => `${id} +${mb.toFixed(0)} MB`)
          .join(', ') || 'no lane'
      }`,
    );
    return failed;
  } finally {
    child.kill('SIGTERM');
    rmSync(file, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function resumeBenchmark(browser: Browser, dir: string, row: Row) {
  const size = mib('BENCH_RESUME_MIB', 100) * MIB;
  const chunks = Math.ceil(size / UPLOAD_CHUNK_SIZE);
  const file = randomFile(dir, 'resume-bench.mp4', size);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-resume-'));
  const app = await buildApp({ ...DEFAULT_OPTIONS, dataDir, webRoot: WEB_ROOT, logger: false });
  let started = 0;
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith(STORAGE_API.chunkUpload)) started += 1;
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://localhost:${String(typeof address === 'object' && address ? address.port : 0)}`;
  const wholeChunks = async () => {
    // Partial uploads are kept per unit (docs/upload.md, "Units"): teacher01's unit is 1001.
    const unitChunks = path.join(dataDir, 'storage', 'chunks', '1001');
    const [md5] = existsSync(unitChunks) ? readdirSync(unitChunks) : [];
    return md5 === undefined ? 0 : await wholeChunksOnServer(dataDir, md5, UPLOAD_CHUNK_SIZE);
  };
  try {
    const opened = await openPage(browser, `${base}${PAGE}`);
    const { page } = opened;
    await signInAndPick(page, file);
    // Interrupt halfway: the tab is reloaded (as if closed and opened again).
    while (started < chunks / 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await page.reload();
    await page.locator('[data-upload-state="needs-file"]').waitFor();
    const onServer = await wholeChunks();
    const abandoned = started - onServer;
    const before = started;
    await page
      .locator('tr', { hasText: 'resume-bench.mp4' })
      .locator('input[type=file]')
      .setInputFiles(file);
    await page.locator('[data-upload-state="done"]').waitFor({ timeout: 600_000 });
    await opened.context.close();
    const sentAfter = started - before;
    // Chunks the server already had and that were sent again after the resume.
    const resentChunks = sentAfter - (chunks - onServer);
    row(
      `resume ${String(size / MIB)} MiB after a reload: chunks re-sent`,
      `${String(resentChunks)} (${String(resentChunks * UPLOAD_CHUNK_SIZE)} B)`,
      '≤ 1 chunk',
      resentChunks <= 1,
    );
    row(
      '  chunks cut off in flight by the reload',
      `${String(abandoned)} (≤ ${String(abandoned * 2)} MB partly sent)`,
      '(reported)',
      true,
    );
    return resentChunks > 1;
  } finally {
    await app.close();
    rmSync(file, { force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs the upload benchmarks (BENCH_UPLOAD_PARTS=md5,lanes,resume picks some); true when one
 * misses its target. The lanes' charts go to `report`.
 */
export async function runUploadBenchmarks(
  row: Row,
  base: string,
  report: BenchReport,
): Promise<boolean> {
  const parts = process.env.BENCH_UPLOAD_PARTS?.split(',').map((part) => part.trim());
  const wanted = (part: string) => !parts || parts.includes(part);
  const dir = mkdtempSync(path.join(tmpdir(), 'edudesk-bench-files-'));
  const browser = await launchBrowser();
  try {
    let failed = false;
    if (wanted('md5')) failed = (await md5Benchmark(browser, base, dir, row)) || failed;
    if (wanted('lanes')) failed = (await uploadBenchmark(browser, dir, row, report)) || failed;
    if (wanted('resume')) failed = (await resumeBenchmark(browser, dir, row)) || failed;
    return failed;
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

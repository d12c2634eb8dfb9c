/**
 * The upload lanes: the same file sent by the app and by its peers to one bench
 * server (the reference server plus tests/bench/bench-routes.ts, in one process). Each lane
 * answers its wall time and, for the app, the part spent on the MD5 and the time line of its
 * requests.
 */
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STORAGE_API } from '../../contract/api-paths';
import { DEFAULT_CHUNK_CONCURRENCY, UPLOAD_CHUNK_SIZE } from '../../contract/upload';
import { chooseChunkSize } from '../../renderer/core/upload/chunk-plan';
import { BENCH_PATHS } from './bench-routes';

const MIB = 1024 * 1024;

export interface TimelineSpan {
  kind: 'md5' | 'file check' | 'chunk check' | 'chunk' | 'merge' | 'single';
  /** Seconds from the start of the MD5. */
  start: number;
  end: number;
}

export interface LaneRun {
  /** From selecting the file to the stored answer (wall time). */
  seconds: number;
  /** Of which the MD5 (the app only). */
  md5Seconds: number;
  timeline: TimelineSpan[];
}

export interface LaneEnv {
  browser: Browser;
  base: string;
  cookie: string;
  file: string;
  md5: string;
  /** Told by a lane that hashes (the app) when its MD5 is done: the bench reads the CPU then. */
  onMd5Done?: () => void;
}

/** An opened lane: `run` sends the file, `close` ends its page (after its CPU is read). */
export interface OpenedLane {
  run: () => Promise<LaneRun>;
  close: () => Promise<void>;
}

export interface Lane {
  id: string;
  label: string;
  /** Whether the server keeps the file as content (forgotten before the next lane). */
  stores: boolean;
  open: (env: LaneEnv) => Promise<OpenedLane>;
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function sessionPage(
  env: LaneEnv,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await env.browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addCookies(
    env.cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: env.base };
    }),
  );
  const page = await context.newPage();
  await page.addInitScript(() => {
    // Every request of an upload of 1 GiB in 2 MB chunks (over a thousand) stays listed.
    performance.setResourceTimingBufferSize(100_000);
  });
  await page.goto(`${env.base}${path}`);
  // tsx (esbuild, keepNames) wraps named helpers in __name(), which the page lacks.
  await page.evaluate('globalThis.__name = (target) => target');
  return { context, page };
}

/**
 * A peer's lane, run from a bench page (blank.html, uppy.html) with the file picked in its input:
 * `send` uploads it from the page and settles once the server has it all. The time is `send`'s.
 */
function pageLane(lane: {
  id: string;
  label: string;
  stores: boolean;
  page: string;
  /** Waits (untimed) until the page can send. */
  ready?: (page: Page) => Promise<unknown>;
  send: (page: Page, env: LaneEnv) => Promise<void>;
}): Lane {
  return {
    id: lane.id,
    label: lane.label,
    stores: lane.stores,
    open: async (env) => {
      const { context, page } = await sessionPage(env, `${BENCH_PATHS.page}/${lane.page}`);
      await page.locator('input').setInputFiles(env.file);
      await lane.ready?.(page);
      return {
        close: () => context.close(),
        run: async () => {
          const start = process.hrtime.bigint();
          await lane.send(page, env);
          return { seconds: seconds(start), md5Seconds: 0, timeline: [] };
        },
      };
    },
  };
}

/**
 * Bare `xhr.send` into the sink (a route that only streams the body to disk: no multipart, no
 * checks, no merge, nothing kept). `pieceSize` null sends the picked File in one request: the
 * browser's ceiling. Otherwise the file goes as `file.slice()` pieces of that size, as many in
 * flight as the app sends: a slice is a Blob, not the picked File, and Chromium reads it through
 * its blob system in the browser process, where one whole File is read by the network service
 * straight from the disk. That is what any chunked upload costs before protocol or server work.
 */
function sinkLane(id: string, label: string, pieceSize: ((size: number) => number) | null): Lane {
  return pageLane({
    id,
    label,
    stores: false,
    page: 'blank.html',
    send: async (page, env) => {
      const size = statSync(env.file).size;
      const bytes = await page.evaluate(
        async ({ url, each, lanes }) => {
          const file = document.querySelector('input')?.files?.[0];
          if (!file) throw new Error('no file');
          const picked: File = file;
          const send = (body: Blob) =>
            new Promise<number>((resolve, reject) => {
              const request = new XMLHttpRequest();
              request.open('POST', url);
              request.onload = () => {
                resolve((JSON.parse(request.responseText) as { bytes: number }).bytes);
              };
              request.onerror = () => {
                reject(new Error('sink failed'));
              };
              request.send(body);
            });
          if (each === null) return send(picked);
          let next = 0;
          let stored = 0;
          async function lane(): Promise<void> {
            for (let start = next; start < picked.size; start = next) {
              next += each ?? picked.size;
              const sent = await send(picked.slice(start, Math.min(picked.size, next)));
              stored += sent;
            }
          }
          await Promise.all(Array.from({ length: lanes }, lane));
          return stored;
        },
        {
          url: BENCH_PATHS.sink,
          each: pieceSize === null ? null : pieceSize(size),
          lanes: DEFAULT_CHUNK_CONCURRENCY,
        },
      );
      if (bytes !== size) throw new Error(`sink stored ${String(bytes)} of ${String(size)}`);
    },
  });
}

/** The browser's ceiling: one xhr.send(file). */
const ceiling = sinkLane('ceiling', 'browser ceiling: one xhr.send(file)', null);

/** The browser's ceiling for chunks: xhr.send(file.slice()) in the large-file profile's sizes. */
const ceilingSlices = sinkLane(
  'ceiling-slices',
  'browser ceiling for chunks: xhr.send(file.slice()), large-file sizes',
  (size) => chooseChunkSize(size, 'large-file'),
);

function uppyLane(id: string, label: string, chunkSize: number | null): Lane {
  return pageLane({
    id,
    label,
    stores: false,
    page: 'uppy.html',
    ready: (page) => page.waitForFunction(() => 'benchUppy' in window),
    send: async (page) => {
      const done = await page.evaluate(
        (size) =>
          (window as unknown as { benchUppy: (c: number | null) => Promise<number> }).benchUppy(
            size,
          ),
        chunkSize,
      );
      if (done !== 1) throw new Error('Uppy did not complete');
    },
  });
}

/**
 * The chunked protocol's own floor in this browser: the calls the app makes (each chunk's check
 * then the chunk, as many in flight as the app's default, then the merge) as bare
 * XMLHttpRequests from a blank page, with no app code and the MD5 given.
 */
const bareProtocol = pageLane({
  id: 'bare',
  label: 'bare protocol floor: 2 MB, no app, no MD5',
  stores: true,
  page: 'blank.html',
  send: async (page, env) => {
    const merged = await page.evaluate(
      async ({ md5, each, lanes, api }) => {
        const picked = document.querySelector('input')?.files?.[0];
        if (!picked) throw new Error('no file');
        const source: File = picked;
        const chunks = Math.ceil(source.size / each);
        function post(url: string, body: XMLHttpRequestBodyInit): Promise<{ status: number }> {
          return new Promise((resolve, reject) => {
            const request = new XMLHttpRequest();
            request.open('POST', url);
            if (typeof body === 'string')
              request.setRequestHeader('content-type', 'application/json');
            request.onload = () => {
              resolve(JSON.parse(request.responseText) as { status: number });
            };
            request.onerror = () => {
              reject(new Error(`${url} failed`));
            };
            request.send(body);
          });
        }
        let next = 1;
        async function lane(): Promise<void> {
          for (let chunk = next++; chunk <= chunks; chunk = next++) {
            const fields = {
              md5,
              size: source.size,
              chunks,
              name: source.name,
              uid: '1',
              chunk,
            };
            const check = (await post(api.check, JSON.stringify(fields))) as {
              status: number;
              data?: { data?: boolean };
            };
            if (check.status !== 200) throw new Error(`check ${String(check.status)}`);
            if (check.data?.data === true) continue;
            const blob = source.slice((chunk - 1) * each, Math.min(source.size, chunk * each));
            const form = new FormData();
            for (const [key, value] of Object.entries({
              chunked: 'true',
              chunk,
              chunks,
              eachSize: each,
              md5,
              fileName: source.name,
              name: source.name,
              fullSize: source.size,
              uid: '1',
              size: blob.size,
            })) {
              form.append(key, String(value));
            }
            form.append('file', blob, source.name);
            const sent = await post(api.chunk, form);
            if (sent.status !== 200) throw new Error(`chunk ${String(sent.status)}`);
          }
        }
        await Promise.all(Array.from({ length: lanes }, lane));
        const fields = { md5, name: source.name, size: source.size, chunks };
        return (await post(api.merge, JSON.stringify(fields))).status;
      },
      {
        md5: env.md5,
        each: UPLOAD_CHUNK_SIZE,
        lanes: DEFAULT_CHUNK_CONCURRENCY,
        api: {
          check: STORAGE_API.blockUploadCheck,
          chunk: STORAGE_API.chunkUpload,
          merge: STORAGE_API.mergeFile,
        },
      },
    );
    if (merged !== 200) throw new Error(`bare protocol merge answered ${String(merged)}`);
  },
});

/** curl: the whole file in one multipart request (context only: no browser). */
const curl: Lane = {
  id: 'curl',
  label: 'curl: one multipart request (context)',
  stores: true,
  open: (env) =>
    Promise.resolve({
      close: () => Promise.resolve(),
      run: () => {
        const start = process.hrtime.bigint();
        execFileSync('curl', [
          '-sS',
          '-f',
          '-o',
          '/dev/null',
          '-H',
          `Cookie: ${env.cookie}`,
          '-F',
          `file=@${env.file};filename=curl.mp4`,
          `${env.base}${STORAGE_API.upload}`,
        ]);
        return Promise.resolve({ seconds: seconds(start), md5Seconds: 0, timeline: [] });
      },
    }),
};

const KINDS: [string, TimelineSpan['kind']][] = [
  [STORAGE_API.secondUploadCheck, 'file check'],
  [STORAGE_API.blockUploadCheck, 'chunk check'],
  [STORAGE_API.chunkUpload, 'chunk'],
  [STORAGE_API.mergeFile, 'merge'],
  [STORAGE_API.upload, 'single'],
];

/** The app: its upload queue and panel through PH (tests/bench/bench-assets.ts), MD5 included. */
/** The app's lane; `query` is the bench page's (a profile's name, or the sweep's settings). */
function appLane(id: string, label: string, query: string): Lane {
  return {
    id,
    label,
    stores: true,
    open: async (env) => {
      const { context, page } = await sessionPage(env, `${BENCH_PATHS.page}/app.html?${query}`);
      const input = page.locator('.ant-upload input[type=file]:not([webkitdirectory])').first();
      await input.waitFor({ state: 'attached' });
      return {
        close: () => context.close(),
        run: async () => {
          const start = process.hrtime.bigint();
          await input.setInputFiles(env.file);
          const hashed = await page.waitForFunction(
            () => performance.getEntriesByName('edudesk-upload-md5').length > 0,
            undefined,
            { timeout: 1_800_000, polling: 100 },
          );
          env.onMd5Done?.();
          await hashed.dispose();
          await page.locator('[data-upload-state="done"]').waitFor({ timeout: 1_800_000 });
          const elapsed = seconds(start);
          const { md5, requests } = await page.evaluate(() => {
            const [measure] = performance.getEntriesByName('edudesk-upload-md5');
            return {
              md5: measure ? { start: measure.startTime, duration: measure.duration } : null,
              requests: performance.getEntriesByType('resource').map((entry) => ({
                path: new URL(entry.name).pathname,
                start: entry.startTime,
                end: (entry as PerformanceResourceTiming).responseEnd,
              })),
            };
          });
          if (!md5) throw new Error('no MD5 measure');
          const timeline: TimelineSpan[] = [{ kind: 'md5', start: 0, end: md5.duration / 1000 }];
          for (const request of requests) {
            const kind = KINDS.find(([path]) => request.path === path)?.[1];
            if (kind === undefined || request.start < md5.start) continue;
            timeline.push({
              kind,
              start: (request.start - md5.start) / 1000,
              end: (request.end - md5.start) / 1000,
            });
          }
          return { seconds: elapsed, md5Seconds: md5.duration / 1000, timeline };
        },
      };
    },
  };
}

/**
 * The sweep's lanes: comma-separated `<MiB>[x<lanes>][n<ms>]` entries: every file cut in chunks
 * of that many MiB, optionally that many chunk requests in flight and the list told of progress
 * every that many ms (the queue's defaults otherwise).
 */
function sweepLanes(sweep: string): Lane[] {
  return sweep.split(',').flatMap((entry) => {
    const match = /^\s*(\d+)(?:x(\d+))?(?:n(\d+))?\s*$/.exec(entry);
    if (!match) return [];
    const [, size = '', lanes, notify] = match;
    const query = new URLSearchParams({
      profile: JSON.stringify([{ fromSize: 0, chunkSize: Number(size) * MIB }]),
      ...(lanes === undefined ? {} : { lanes }),
      ...(notify === undefined ? {} : { notify }),
    });
    const label = [
      `the app, ${size} MiB chunks`,
      ...(lanes === undefined ? [] : [`${lanes} in flight`]),
      ...(notify === undefined ? [] : [`progress every ${notify} ms`]),
    ].join(', ');
    return [appLane(`app-${entry.trim()}`, `${label} (sweep)`, query.toString())];
  });
}

/** Every lane, in the order the report lists them (each round runs them shuffled). */
export const UPLOAD_LANES: readonly Lane[] = [
  ceiling,
  ceilingSlices,
  uppyLane('uppy-default', 'Uppy + tus, tus defaults (one PATCH)', null),
  uppyLane('uppy-2mib', 'Uppy + tus, 2 MiB chunks', 2 * MIB),
  bareProtocol,
  curl,
  appLane('app-default', 'the app, default profile (2 MB)', 'profile=default'),
  appLane('app-large', 'the app, large-file profile', 'profile=large-file'),
  // BENCH_CHUNK_SWEEP=8,16,32 adds the app with every file cut in chunks of that many MiB (how
  // the large-file profile's sizes were chosen, docs/upload.md); 16x2 also sets the chunk
  // requests in flight, 16n500 how often the list hears of progress.
  ...sweepLanes(process.env.BENCH_CHUNK_SWEEP ?? ''),
];

/**
 * The upload lanes of issue 19: the same file sent by the app and by its peers to one bench
 * server (the reference server plus tests/bench/bench-routes.ts, in one process). Each lane
 * answers its wall time and, for the app, the part spent on the MD5 and the time line of its
 * requests.
 */
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STORAGE_API } from '../../contract/api-paths';
import { DEFAULT_CHUNK_CONCURRENCY, UPLOAD_CHUNK_SIZE } from '../../contract/upload';
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

/** The browser's ceiling: one xhr.send(file) into a route that only streams to disk. */
const ceiling: Lane = {
  id: 'ceiling',
  label: 'browser ceiling: one xhr.send(file)',
  stores: false,
  open: async (env) => {
    const { context, page } = await sessionPage(env, `${BENCH_PATHS.page}/blank.html`);
    await page.locator('input').setInputFiles(env.file);
    return {
      close: () => context.close(),
      run: async () => {
        const start = process.hrtime.bigint();
        const bytes = await page.evaluate(async (url) => {
          const file = document.querySelector('input')?.files?.[0];
          if (!file) throw new Error('no file');
          return new Promise<number>((resolve, reject) => {
            const request = new XMLHttpRequest();
            request.open('POST', url);
            request.onload = () => {
              resolve((JSON.parse(request.responseText) as { bytes: number }).bytes);
            };
            request.onerror = () => {
              reject(new Error('sink failed'));
            };
            request.send(file);
          });
        }, BENCH_PATHS.sink);
        const elapsed = seconds(start);
        const size = await page.evaluate(() => document.querySelector('input')?.files?.[0]?.size);
        if (bytes !== size) throw new Error(`sink stored ${String(bytes)} of ${String(size)}`);
        return { seconds: elapsed, md5Seconds: 0, timeline: [] };
      },
    };
  },
};

function uppyLane(id: string, label: string, chunkSize: number | null): Lane {
  return {
    id,
    label,
    stores: false,
    open: async (env) => {
      const { context, page } = await sessionPage(env, `${BENCH_PATHS.page}/uppy.html`);
      await page.locator('input').setInputFiles(env.file);
      await page.waitForFunction(() => 'benchUppy' in window);
      return {
        close: () => context.close(),
        run: async () => {
          const start = process.hrtime.bigint();
          const done = await page.evaluate(
            (size) =>
              (window as unknown as { benchUppy: (c: number | null) => Promise<number> }).benchUppy(
                size,
              ),
            chunkSize,
          );
          if (done !== 1) throw new Error('Uppy did not complete');
          return { seconds: seconds(start), md5Seconds: 0, timeline: [] };
        },
      };
    },
  };
}

/**
 * The chunked protocol's own floor in this browser: the calls the app makes (each chunk's check
 * then the chunk, as many in flight as the app's default, then the merge) as bare
 * XMLHttpRequests from a blank page, with no app code and the MD5 given.
 */
const bareProtocol: Lane = {
  id: 'bare',
  label: 'bare protocol floor: 2 MB, no app, no MD5',
  stores: true,
  open: async (env) => {
    const { context, page } = await sessionPage(env, `${BENCH_PATHS.page}/blank.html`);
    await page.locator('input').setInputFiles(env.file);
    return {
      close: () => context.close(),
      run: async () => {
        const start = process.hrtime.bigint();
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
        const elapsed = seconds(start);
        if (merged !== 200) throw new Error(`bare protocol merge answered ${String(merged)}`);
        return { seconds: elapsed, md5Seconds: 0, timeline: [] };
      },
    };
  },
};

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
function appLane(id: string, label: string, profile: string): Lane {
  return {
    id,
    label,
    stores: true,
    open: async (env) => {
      const { context, page } = await sessionPage(
        env,
        `${BENCH_PATHS.page}/app.html?profile=${encodeURIComponent(profile)}`,
      );
      const input = page.locator('.ant-upload input[type=file]:not([webkitdirectory])').first();
      await input.waitFor({ state: 'attached' });
      return {
        close: () => context.close(),
        run: async () => {
          const start = process.hrtime.bigint();
          await input.setInputFiles(env.file);
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

/** Every lane, in the order the report lists them (each round runs them shuffled). */
export const UPLOAD_LANES: readonly Lane[] = [
  ceiling,
  uppyLane('uppy-default', 'Uppy + tus, tus defaults (one PATCH)', null),
  uppyLane('uppy-2mib', 'Uppy + tus, 2 MiB chunks', 2 * MIB),
  bareProtocol,
  curl,
  appLane('app-default', 'the app, default profile (2 MB)', 'default'),
  appLane('app-large', 'the app, large-file profile', 'large-file'),
  // BENCH_CHUNK_SWEEP=8,16,32 adds the app with every file cut in chunks of that many MiB:
  // how the large-file profile's sizes were chosen (docs/upload.md).
  ...(process.env.BENCH_CHUNK_SWEEP ?? '')
    .split(',')
    .map(Number)
    .filter((size) => Number.isSafeInteger(size) && size > 0)
    .map((size) =>
      appLane(
        `app-${String(size)}mib`,
        `the app, ${String(size)} MiB chunks (sweep)`,
        JSON.stringify([{ fromSize: 0, chunkSize: size * MIB }]),
      ),
    ),
];

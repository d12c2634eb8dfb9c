/**
 * PH benchmarks:
 * - the notice application's initial JavaScript (its bundle, PH and PH's chunks), gzip, at most
 *   450 KB and with no chart code in it, then what it is made of: a row per file, and each PH
 *   file's largest parts (dist/ph-chunk-modules.json, written by PH's build); the charts chunk
 *   on its own;
 * - the paged container: time from a 400-row answer to the rows on screen, as a ratio of antd's
 *   bare Table rendering the same rows in the same page (target ≤ 1.2), median of several runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_OPTIONS } from '../../server/config';
import { launchBrowser, WEB_ROOT } from '../e2e/harness';
import { measurePageWeight } from './login-page-size';
import { sessionCookie } from './me-throughput';
import { median } from './median';

type Row = (name: string, value: string, target: string, pass: boolean, detail?: string) => void;

const NOTICE_PAGE = '/pages/notice/pc_tzgg_pre/index.html#/list';
/** The budget of an application's JavaScript before its first table (app + PH, gzip). */
const INITIAL_JS_BUDGET_KB = 450;
/** Written by PH's build (scripts/vite/chunk-modules.ts): per chunk, bytes per package. */
const CHUNK_MODULES = path.join('dist', 'ph-chunk-modules.json');
/** How many of a file's largest parts its row names. */
const TOP_PARTS = 8;
const RUNS = Number(process.env.BENCH_PH_RUNS ?? '7');
const ROWS = 400;

interface LoadedScript {
  url: string;
  gzipBytes: number;
}

/** A file's largest parts, e.g. "react-dom 180 KB, antd/table 85 KB" (raw, before minifying). */
function largestParts(file: string): string {
  if (!existsSync(CHUNK_MODULES)) return '';
  const chunks = JSON.parse(readFileSync(CHUNK_MODULES, 'utf8')) as Record<
    string,
    Record<string, number> | undefined
  >;
  const parts = Object.entries(chunks[file] ?? {})
    .filter(([, bytes]) => bytes >= 1024)
    .slice(0, TOP_PARTS);
  return parts.map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(0)} KB`).join(', ');
}

/** One row per script the page loaded, largest first, each with its largest parts. */
function breakdownRows(row: Row, scripts: readonly LoadedScript[], totalKb: number): void {
  for (const script of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const file = path.posix.basename(new URL(script.url).pathname);
    const kb = script.gzipBytes / 1024;
    const parts = largestParts(file);
    const share = `${((kb / totalKb) * 100).toFixed(0)} %`;
    row(`  ${file}`, `${kb.toFixed(1)} KB (${share})`, '(reported)', true, parts);
    if (parts !== '') console.log(`      largest parts, raw: ${parts}`);
  }
}

function phDir(): string {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  return path.join(WEB_ROOT, 'common', 'plugins', 'common-ph', pkg.version);
}

/**
 * Runs in the page (a string: the bench runner's transpiler would add helpers the page lacks).
 * Mounts PH's PagedContainer with a fetchPage it answers itself, and antd's bare Table through
 * PH (the same React and antd) with its rows in state; both start empty on screen, and each is
 * timed from the moment the rows arrive until they are in the document.
 */
const RENDER_RACE = String.raw`async (runs, rows) => {
  const PH = globalThis.PH;
  const h = PH.createElement;
  const data = Array.from({ length: rows }, (_, index) => ({
    id: index + 1, title: '通知 ' + (index + 1), category: 'school', publisher: '教务处',
    publishedAt: 1700000000000 - index * 60000,
  }));
  const columns = ['title', 'category', 'publisher', 'publishedAt'].map((key) => ({ title: key, dataIndex: key }));
  const host = document.createElement('div');
  document.body.append(host);
  const rowsShown = () => host.querySelectorAll('tbody tr.ant-table-row').length === rows;
  const until = (check) => new Promise((resolve) => {
    const tick = () => (check() ? resolve() : requestAnimationFrame(tick));
    tick();
  });
  // Each run asks a path of its own: the page's query cache keeps an answer under its path, and
  // a run asking the previous run's would draw that answer before its own arrives.
  let asked = 0;
  const paged = async () => {
    let answer = () => undefined;
    const fetchPage = () => new Promise((resolve) => { answer = resolve; });
    asked += 1;
    const pageApi = { api: '/bench/' + asked };
    const unmount = PH.mount(host, h(PH.ui.PagedContainer, { pageApi, columns, rowKey: 'id', fetchPage }));
    await until(() => host.querySelector('.ant-table') !== null);
    if (rowsShown()) throw new Error('the rows were on screen before their answer');
    const started = performance.now();
    answer({ status: 200, code: 'ok', message: '', fieldErrors: [], data: { list: data, total: 5000 } });
    await until(rowsShown);
    const took = performance.now() - started;
    unmount();
    return took;
  };
  // The baseline gets the same start: an empty table on screen, then the rows arrive.
  const bare = async () => {
    let setRows = () => undefined;
    const Bare = () => {
      const [list, set] = PH.React.useState([]);
      setRows = set;
      return h(PH.antd.Table, { dataSource: list, columns, rowKey: 'id', pagination: false });
    };
    const unmount = PH.mount(host, h(Bare));
    await until(() => host.querySelector('.ant-table') !== null);
    const started = performance.now();
    setRows(data);
    await until(rowsShown);
    const took = performance.now() - started;
    unmount();
    return took;
  };
  const result = { paged: [], bare: [] };
  await paged();
  await bare();
  for (let run = 0; run < runs; run += 1) {
    result.bare.push(await bare());
    result.paged.push(await paged());
  }
  return result;
}`;

export async function runPhBenchmarks(row: Row, base: string): Promise<boolean> {
  const cookie = await sessionCookie(base, 'teacher01', DEFAULT_OPTIONS.demoPassword);
  const browser = await launchBrowser();
  let failed = false;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const [name, value] = cookie.split(';')[0]?.split('=') ?? ['', ''];
    await context.addCookies([{ name: name ?? '', value: value ?? '', url: base }]);
    const loaded: Promise<LoadedScript>[] = [];
    context.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      loaded.push(
        response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body).length })),
      );
    });
    const weight = await measurePageWeight(
      browser,
      `${base}${NOTICE_PAGE}`,
      context,
      async (page) => {
        await page.locator('tbody tr.ant-table-row').first().waitFor();
      },
    );
    const scripts = await Promise.all(loaded.splice(0));
    const chartsLoaded = scripts.some((script) => script.url.includes('echarts-runtime'));
    const withinBudget = weight.jsKb <= INITIAL_JS_BUDGET_KB;
    row(
      'notices page initial JS (gzip, app + PH)',
      `${weight.jsKb.toFixed(1)} KB in ${String(scripts.length)} files`,
      `≤ ${String(INITIAL_JS_BUDGET_KB)} KB, no charts`,
      withinBudget && !chartsLoaded,
      chartsLoaded ? 'the charts chunk was loaded' : '',
    );
    breakdownRows(row, scripts, weight.jsKb);
    const chunk = readdirSync(phDir()).find((file) => file.startsWith('echarts-runtime'));
    const chunkKb = chunk ? gzipSync(readFileSync(path.join(phDir(), chunk))).length / 1024 : 0;
    row(
      'PH charts chunk (gzip, on first chart)',
      `${chunkKb.toFixed(1)} KB`,
      '(reported)',
      chunk !== undefined,
    );
    failed = !withinBudget || chartsLoaded || chunk === undefined;

    const page = await context.newPage();
    await page.goto(`${base}${NOTICE_PAGE}`);
    await page.locator('tbody tr.ant-table-row').first().waitFor();
    const timings = await page.evaluate<{ paged: number[]; bare: number[] }>(
      `(${RENDER_RACE})(${String(RUNS)}, ${String(ROWS)})`,
    );
    const pagedMs = median(timings.paged);
    const bareMs = median(timings.bare);
    const ratio = pagedMs / bareMs;
    row(`antd Table, ${String(ROWS)} rows (baseline)`, `${bareMs.toFixed(0)} ms`, '', true);
    row(
      `PagedContainer, ${String(ROWS)} rows after the answer`,
      `${pagedMs.toFixed(0)} ms`,
      '',
      true,
    );
    row('PagedContainer / antd Table ratio', ratio.toFixed(2), '≤ 1.2', ratio <= 1.2);
    failed = failed || ratio > 1.2;
    await context.close();
  } finally {
    await browser.close();
  }
  return failed;
}

/**
 * Builds what the upload bench serves and runs, at bench time, into
 * test-results/bench/ (never into dist/): the bench server (the reference server plus
 * tests/bench/bench-routes.ts) as one ES module run by plain Node, Uppy's page bundle, and the
 * bench pages.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_WORKERS } from '../../scripts/build-server.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_OUT = path.join(REPO_ROOT, 'test-results', 'bench');
export const BENCH_SERVER = path.join(BENCH_OUT, 'bench-server.mjs');
export const BENCH_ASSETS = path.join(BENCH_OUT, 'pages');

const FILE_INPUT_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>bench</title></head>
<body><input type="file"></body></html>
`;

const UPPY_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>bench: Uppy + tus</title></head>
<body><input type="file"><script src="uppy.js"></script></body></html>
`;

/** The app's upload queue and panel through PH, with the chunk profile of ?profile= (and ?lanes=). */
function appPage(phVersion: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>bench: the app through PH</title></head>
<body><div id="root"></div>
<script type="module">
const asked = new URLSearchParams(location.search).get('profile') ?? 'default';
// A profile's own steps, as JSON (the bench's chunk-size sweep), or a profile's name.
const profile = asked.startsWith('[') ? JSON.parse(asked) : asked;
const { default: PH } = await import('/common/plugins/common-ph/${phVersion}/ph.js');
const { user } = await PH.init({ code: 'bench', appCode: 'bench' });
// The bench's sweep: ?lanes=N chunk requests in flight, ?notify=ms how often the list hears
// of progress; the queue's defaults otherwise.
const numberParam = (name) => {
  const value = Number(new URLSearchParams(location.search).get(name) ?? 'NaN');
  return Number.isInteger(value) && value > 0 ? value : undefined;
};
const queue = PH.upload.pageQueue(user.userId, {
  chunkProfile: profile,
  chunkConcurrency: numberParam('lanes'),
  notifyIntervalMs: numberParam('notify'),
});
PH.mount(document.getElementById('root'), PH.createElement(PH.ui.UploadPanel, { queue }));
</script></body></html>
`;
}

/** The PH version the web build serves (dist/web/common/plugins/common-ph/<version>/). */
function phVersion(webRoot: string): string {
  const [version] = readdirSync(path.join(webRoot, 'common', 'plugins', 'common-ph'));
  if (version === undefined) throw new Error('no PH in the web build');
  return version;
}

export async function buildBenchAssets(webRoot: string): Promise<void> {
  mkdirSync(BENCH_ASSETS, { recursive: true });
  await build({
    // The server's worker threads' entries beside it, where workerEntry() looks for them.
    entryPoints: {
      [path.basename(BENCH_SERVER, '.mjs')]: path.join(
        REPO_ROOT,
        'tests',
        'bench',
        'bench-server.ts',
      ),
      ...Object.fromEntries(
        Object.entries(SERVER_WORKERS).map(([name, entry]) => [name, path.join(REPO_ROOT, entry)]),
      ),
    },
    outdir: BENCH_OUT,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await build({
    entryPoints: [path.join(REPO_ROOT, 'tests', 'bench', 'uppy-page.ts')],
    outfile: path.join(BENCH_ASSETS, 'uppy.js'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  });
  writeFileSync(path.join(BENCH_ASSETS, 'blank.html'), FILE_INPUT_PAGE);
  writeFileSync(path.join(BENCH_ASSETS, 'uppy.html'), UPPY_PAGE);
  writeFileSync(path.join(BENCH_ASSETS, 'app.html'), appPage(phVersion(webRoot)));
}

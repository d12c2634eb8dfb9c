import { existsSync, readFileSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { log } from 'builder-util';
import { MAIN_BUNDLE, packDryRun, PRELOAD_BUNDLE } from '../desktop/dry-run';

/** app.asar budget of the desktop-client issue. */
const ASAR_BUDGET_MB = 15;

type Row = (name: string, value: string, target: string, pass: boolean) => void;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The Electron client's sizes: the main-process bundle (raw and gzip, what Electron parses at
 * start), the preload, and app.asar from the offline `dir` dry run (tests/desktop/dry-run.ts).
 * Answers true when a figure misses its target.
 */
export async function runDesktopBenchmarks(row: Row): Promise<boolean> {
  if (!existsSync(MAIN_BUNDLE) || !existsSync(PRELOAD_BUNDLE)) {
    row('Electron main bundle', 'missing', 'run `vite build`', false);
    return true;
  }
  const main = readFileSync(MAIN_BUNDLE);
  row('Electron main bundle (dist-electron/main.js)', kb(main.length), '(reported)', true);
  row('Electron main bundle (gzip)', kb(gzipSync(main).length), '(reported)', true);
  row(
    'Electron preload (dist-electron/preload.cjs)',
    kb(statSync(PRELOAD_BUNDLE).size),
    '(reported)',
    true,
  );

  // electron-builder narrates every step; the figures are what matters here.
  const quiet = new Writable({
    write: (_chunk, _encoding, done) => {
      done();
    },
  });
  Object.assign(log, { stream: quiet });
  const run = await packDryRun();
  try {
    const megabytes = run.asarBytes / 1024 / 1024;
    const pass = megabytes <= ASAR_BUDGET_MB;
    row(
      `app.asar (dry run, ${String(run.files.length)} files)`,
      `${megabytes.toFixed(2)} MB`,
      `≤ ${String(ASAR_BUDGET_MB)} MB`,
      pass,
    );
    return !pass;
  } finally {
    run.cleanup();
  }
}

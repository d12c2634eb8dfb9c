// `npm run lint:electron`: Doyensec's Electronegativity over the Electron client, in `npm test`.
//
// Two scans, both failing on any finding above LOW:
// 1. The sources (main/, preload/ without tests, and the bundled pages of resources/pages).
//    A finding reviewed by hand carries an `eng-disable CHECK_ID` comment on its line, with the
//    reason; docs/security.md lists each one.
// 2. The built output, as it goes into app.asar (dist-electron/ and resources/pages). The bundler
//    strips comments, so here a finding is accepted only if the sources carry at least as many
//    reviewed `eng-disable` comments for that check: a new, unreviewed use fails.
// The Electron-release check needs the internet and is left out (see docs/security.md).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureElectronBuild, MAIN_BUNDLE, PRELOAD_BUNDLE, ROOT } from './desktop-build.mjs';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');
const ELECTRON_VERSION = JSON.parse(
  readFileSync(path.join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8'),
).version;
const SEVERITY_ORDER = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const OFFLINE_EXCLUSIONS = ['AvailableSecurityFixesGlobalCheck'];

const severityName = (issue) => issue.severity.name ?? String(issue.severity);
const aboveLow = (issue) => SEVERITY_ORDER.indexOf(severityName(issue)) > 1;

function copySources(target) {
  const isShipped = (source) =>
    !/\.test\.tsx?$/.test(source) && !source.includes(`${path.sep}testing${path.sep}`);
  for (const folder of ['main', 'preload']) {
    cpSync(path.join(ROOT, folder), path.join(target, folder), {
      recursive: true,
      filter: (source) => isShipped(source),
    });
  }
  cpSync(path.join(ROOT, 'resources', 'pages'), path.join(target, 'resources', 'pages'), {
    recursive: true,
  });
}

function copyBuilt(target) {
  mkdirSync(path.join(target, 'dist-electron'), { recursive: true });
  // Read with the scanner's TypeScript parser (a superset of JavaScript): its JavaScript walker
  // stops at the ES2022 private class fields the bundled libraries use, and then sees nothing.
  cpSync(MAIN_BUNDLE, path.join(target, 'dist-electron', 'main.ts'));
  // Electronegativity reads .js, not .cjs.
  cpSync(PRELOAD_BUNDLE, path.join(target, 'dist-electron', 'preload.js'));
  cpSync(path.join(ROOT, 'resources', 'pages'), path.join(target, 'resources', 'pages'), {
    recursive: true,
  });
}

/** `eng-disable` annotations in the copied sources, counted per check id. */
function reviewedExceptions(folder) {
  const counts = new Map();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
        continue;
      }
      const text = readFileSync(full, 'utf8');
      for (const match of text.matchAll(/eng-disable\s+([A-Z_]+(?:\s+[A-Z_]+)*)/g)) {
        for (const id of match[1].split(/\s+/)) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
  };
  visit(folder);
  return counts;
}

async function scan(label, folder) {
  const result = await run({
    input: folder,
    isRelative: true,
    electronVersionOverride: ELECTRON_VERSION,
    excludeFromScan: OFFLINE_EXCLUSIONS,
  });
  const fatal = result.errors.filter((error) => !error.tolerable);
  for (const error of fatal) console.error(`  parse error in ${error.file}: ${error.message}`);
  console.log(
    `${label}: ${String(result.globalChecks + result.atomicChecks)} checks, ` +
      `${String(result.issues.length)} findings (${String(result.issues.filter(aboveLow).length)} above LOW)`,
  );
  return { issues: result.issues, fatal };
}

function describe(issue) {
  return `  ${severityName(issue).padEnd(8)} ${issue.id.padEnd(40)} ${issue.file}:${String(issue.location.line)}`;
}

async function main() {
  ensureElectronBuild();
  const work = mkdtempSync(path.join(tmpdir(), 'edudesk-electronegativity-'));
  let failed = false;
  try {
    const sources = path.join(work, 'sources');
    const built = path.join(work, 'built');
    copySources(sources);
    copyBuilt(built);

    const fromSources = await scan('sources (main/, preload/, resources/pages/)', sources);
    const sourceFindings = fromSources.issues.filter(aboveLow);
    for (const issue of sourceFindings) console.error(describe(issue));
    failed ||= sourceFindings.length > 0 || fromSources.fatal.length > 0;

    const reviewed = reviewedExceptions(sources);
    const fromBuilt = await scan('built output (dist-electron/, resources/pages/)', built);
    const byCheck = new Map();
    for (const issue of fromBuilt.issues.filter(aboveLow)) {
      byCheck.set(issue.id, [...(byCheck.get(issue.id) ?? []), issue]);
    }
    for (const [id, issues] of byCheck) {
      const allowed = reviewed.get(id) ?? 0;
      if (issues.length <= allowed) {
        console.log(
          `  ${id}: ${String(issues.length)} in the bundle, ${String(allowed)} reviewed in the sources`,
        );
        continue;
      }
      failed = true;
      console.error(
        `  ${id}: ${String(issues.length)} in the bundle, only ${String(allowed)} reviewed:`,
      );
      for (const issue of issues) console.error(describe(issue));
    }
    failed ||= fromBuilt.fatal.length > 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (failed) {
    console.error('Electronegativity: findings above LOW (see docs/security.md).');
    process.exit(1);
  }
  console.log('Electronegativity: no finding above LOW.');
}

await main();

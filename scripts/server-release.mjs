// `npm run release:server`: packs what a server needs to run the platform into
// release/edudesk-server-<version>.tar.gz, from a finished `npm run build`: the compiled server
// and admin tool (dist/server), the web build (dist/web), package.json and package-lock.json, and
// the README and docs/ the administrator follows.
// On the server, `npm ci --omit=dev` in the unpacked folder installs the production dependencies
// only (no Electron, no Playwright, no tsx): docs/operations.md, "Install on a server".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the archive holds, relative to the product folder. */
export const RELEASE_CONTENTS = [
  'dist/server',
  'dist/web',
  'package.json',
  'package-lock.json',
  'README.md',
  'docs',
];

/** The files a finished build leaves, without which the archive would not run. */
const REQUIRED = ['dist/server/main.mjs', 'dist/server/admin.mjs', 'dist/web/index.html'];

/** Packs the archive from `root` into `outDir`; returns its path. Throws when the build is missing. */
export function packServerRelease(root, outDir = path.join(root, 'release')) {
  const missing = REQUIRED.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) {
    throw new Error(`No finished build (${missing.join(', ')} missing): run npm run build first.`);
  }
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const name = `edudesk-server-${version}`;
  mkdirSync(outDir, { recursive: true });
  const archive = path.join(outDir, `${name}.tar.gz`);
  // One top folder named after the version, so releases unpack side by side (/opt/edudesk/<name>).
  const result = spawnSync(
    'tar',
    ['-czf', archive, '--transform', `s,^,${name}/,`, '-C', root, ...RELEASE_CONTENTS],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`tar failed: ${result.stderr}`);
  return archive;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(packServerRelease(process.cwd()));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

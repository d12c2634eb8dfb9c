import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Gives `target` a node_modules holding the production dependencies only: the packages
 * `npm ls --omit=dev` names for `root` (npm's own answer to what `npm ci --omit=dev` installs),
 * hard-linked from root's node_modules. The walk of docs/operations.md runs on it, so the server
 * and the admin tool are shown to need no dev dependency; a real `npm ci --omit=dev` would also
 * compile better-sqlite3 again (two minutes on this machine) for the same tree.
 */
export function installProductionDependencies(root: string, target: string): number {
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  // Top-level packages only: a nested node_modules travels inside its package's folder.
  const topLevel = /^node_modules\/(@[^/]+\/)?[^/]+$/;
  const packages = listing
    .split('\n')
    .map((line) => path.relative(root, line.trim()))
    .filter((relative) => topLevel.test(relative.split(path.sep).join('/')));
  for (const relative of packages) {
    const destination = path.join(target, relative);
    mkdirSync(path.dirname(destination), { recursive: true });
    execFileSync('cp', ['-al', path.join(root, relative), destination]);
  }
  return packages.length;
}

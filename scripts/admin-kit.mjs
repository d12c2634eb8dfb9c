// `node scripts/admin-kit.mjs` (the last step of `npm run dist`): the kit for IT beside the
// installers, release/admin-kit/: the Group Policy templates (resources/policy: EduDesk.admx and
// the en-US, zh-CN, zh-TW language files) and README.md (docs/admin-kit.md). Offline; the test
// is scripts/admin-kit.test.ts.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds the kit into `out` (replacing an earlier one) and answers the files it wrote. */
export function buildAdminKit(root = ROOT, out = path.join(root, 'release', 'admin-kit')) {
  const policy = path.join(root, 'resources', 'policy');
  const readme = path.join(root, 'docs', 'admin-kit.md');
  for (const source of [policy, readme]) {
    if (!existsSync(source)) throw new Error(`admin-kit: ${source} is missing`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(policy, out, { recursive: true });
  cpSync(readme, path.join(out, 'README.md'));
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`Admin kit: ${buildAdminKit()}`);
}

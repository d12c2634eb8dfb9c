// Writes PH's type declarations beside its bundle, versioned with it:
// dist/web/common/plugins/common-ph/{version}/ph.d.ts (the entry) and types/ (what it refers to).
// An application developer points TypeScript at ph.d.ts (docs/ph.md); the declarations refer
// to react, antd and i18next by their package names, so those types come from the developer's
// own node_modules.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundleDir = path.join('dist', 'web', 'common', 'plugins', 'common-ph', pkg.version);
const typesDir = path.join(bundleDir, 'types');

rmSync(typesDir, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.ph-types.json', '--outDir', typesDir],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
writeFileSync(
  path.join(bundleDir, 'ph.d.ts'),
  `// PH ${pkg.version}: the types of ph.js (docs/ph.md).\n` +
    `export * from './types/renderer/ph/index';\n` +
    `export { default } from './types/renderer/ph/index';\n`,
);
console.log(`PH types written to ${bundleDir}/ph.d.ts`);

/**
 * Builds the platform applications of renderer/apps/: every folder with an app.json (folders
 * starting with "_", such as the new-app template, are not applications), each with
 * vite.apps.config.ts into dist/web/common/apps/<folder>/. `--only <folder>` builds one.
 *
 *   node scripts/build-apps.mjs [--only homework]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const appsFolder = path.join(root, 'renderer', 'apps');

/** The application folders of renderer/apps/, in name order. */
export function appFolders() {
  return fs
    .readdirSync(appsFolder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .filter((name) => fs.existsSync(path.join(appsFolder, name, 'app.json')))
    .sort();
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const folders = values.only === undefined ? appFolders() : [values.only];
for (const folder of folders) {
  if (!fs.existsSync(path.join(appsFolder, folder, 'app.json'))) {
    console.error(`build-apps: renderer/apps/${folder}/app.json does not exist`);
    process.exit(1);
  }
  process.env.EDUDESK_APP = folder;
  await build({
    configFile: path.join(root, 'vite.apps.config.ts'),
    logLevel: 'warn',
  });
}

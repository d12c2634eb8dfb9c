/**
 * A new platform application from the template (renderer/apps/_template/, docs/ph.md "Your first
 * application"): `npm run new-app -- <code> --name <中文名> --en-name <English name>
 * [--zh-hk-name <繁體名>]` writes renderer/apps/<code>/ with its app.json, language files, a page
 * with a paged list and a form, a test and a small back end. Nothing is written when anything is
 * refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConverterBuilder } from 'opencc-js/core';
import * as simplifiedToTraditional from 'opencc-js/preset/cn2t';
import { ManifestError, parseManifest } from '../contract/app-manifest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const APPS = path.join(ROOT, 'renderer', 'apps');
const TEMPLATE = path.join(APPS, '_template');

/** Files of the template copied as they are (no placeholders inside). */
const TEXT_FILE = /\.(tsx?|mjs|d\.mts|json|md)$/;

function fail(message: string): never {
  process.stderr.write(`new-app: ${message}\n`);
  process.exit(1);
}

/** The codes of the applications already in renderer/apps/ (their app.json). */
function existingCodes(): Set<string> {
  const codes = new Set<string>();
  for (const entry of fs.readdirSync(APPS, { withFileTypes: true })) {
    codes.add(entry.name);
    const file = path.join(APPS, entry.name, 'app.json');
    if (!entry.isDirectory() || !fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { code?: unknown };
    if (typeof manifest.code === 'string') codes.add(manifest.code);
  }
  return codes;
}

function templateFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    return entry.isDirectory() ? templateFiles(file) : [file];
  });
}

function main(): void {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'en-name': { type: 'string' },
      'zh-hk-name': { type: 'string' },
    },
  });
  const [code = '', ...extra] = positionals;
  if (code === '' || extra.length > 0) {
    fail('usage: npm run new-app -- <code> --name <中文名> --en-name <English name>');
  }
  const name = values.name?.trim() ?? '';
  const enName = values['en-name']?.trim() ?? '';
  if (name === '') fail('--name (the Chinese name) is required');
  if (enName === '') fail('--en-name (the English name) is required');
  if (existingCodes().has(code)) fail(`an application "${code}" exists already`);
  // The Hong Kong name from the Chinese one, as the product converts texts (docs/i18n.md).
  const hkName =
    values['zh-hk-name']?.trim() ??
    ConverterBuilder(simplifiedToTraditional)({ from: 'cn', to: 'hk' })(name);
  const fill = (text: string) =>
    text
      .replaceAll('__APP_CODE__', code)
      .replaceAll('__APP_NAME_HK__', hkName)
      .replaceAll('__APP_NAME__', name)
      .replaceAll('__APP_EN_NAME__', enName);
  const manifestText = fill(fs.readFileSync(path.join(TEMPLATE, 'app.json'), 'utf8'));
  try {
    // The names go into JSON and the manifest's strict rules (server/apps/app-manifest.ts).
    parseManifest(JSON.parse(manifestText));
  } catch (error) {
    fail(error instanceof ManifestError ? error.message : `the names do not fit in app.json`);
  }
  if (/["\\<>`$]/.test(name + hkName + enName)) fail('the names may not contain " \\ < > ` or $');
  const target = path.join(APPS, code);
  for (const file of templateFiles(TEMPLATE)) {
    const out = path.join(target, path.relative(TEMPLATE, file));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    if (TEXT_FILE.test(file)) fs.writeFileSync(out, fill(fs.readFileSync(file, 'utf8')));
    else fs.copyFileSync(file, out);
  }
  process.stdout.write(
    `Created renderer/apps/${code}/ (${name} / ${enName}). Next (docs/ph.md "Your first application"):
  node renderer/apps/${code}/backend/server.mjs                 its back end on port 4100
  npm run build                                                 builds it with the web build
  EDUDESK_APP_BACKENDS=${code}=http://127.0.0.1:4100 npm start   the platform, its icon on the desktop
`,
  );
}

main();

import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_VERSION } from './db/migrate';
import { PRODUCT_ROOT } from './product-root';

/**
 * What this build is: the product's version (package.json, shipped beside dist/) and the newest
 * database schema it knows (server/db/migrate.ts). `GET /api/version` answers them, and a backup's
 * manifest records them (server/cli/backup-commands.ts).
 */
export const PRODUCT_VERSION = readProductVersion();

export { SCHEMA_VERSION };

function readProductVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(PRODUCT_ROOT, 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  if (typeof manifest.version !== 'string') {
    throw new Error(`${path.join(PRODUCT_ROOT, 'package.json')} has no version.`);
  }
  return manifest.version;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product's folder (the one holding package.json): the nearest above this module. The same
 * whether the server runs from its sources (server/) or compiled (dist/server/main.mjs).
 */
export function findProductRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(`No package.json above ${from}: the server must run inside the product.`);
    }
  }
}

export const PRODUCT_ROOT = findProductRoot(path.dirname(fileURLToPath(import.meta.url)));

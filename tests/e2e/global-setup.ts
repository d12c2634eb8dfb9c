import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The end-to-end tests run against the production build: refuse to start without it. */
export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  if (!existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    throw new Error('No production web build: run `npm run build` (npm run test:e2e does it).');
  }
}

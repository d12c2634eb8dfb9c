// `npm run openapi`: writes docs/openapi.json, the OpenAPI 3.1 description of every call the
// front end makes (contract/openapi.ts, from contract/operations.ts), formatted as the
// repository's prettier does. scripts/openapi.test.ts fails while the checked-in file differs.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { buildOpenApi } from '../contract/openapi';

export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));

/** The text of docs/openapi.json. */
export async function openApiText(): Promise<string> {
  const options = (await prettier.resolveConfig(OPENAPI_FILE)) ?? {};
  return prettier.format(JSON.stringify(buildOpenApi()), { ...options, parser: 'json' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(OPENAPI_FILE, await openApiText());
  console.warn(`wrote ${OPENAPI_FILE}`);
}

import fs from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../contract/openapi';
import { OPERATIONS } from '../contract/operations';
import { OPENAPI_FILE, openApiText } from './openapi';

describe('docs/openapi.json', () => {
  it('is what `npm run openapi` writes from contract/operations.ts', async () => {
    expect(fs.readFileSync(OPENAPI_FILE, 'utf8')).toBe(await openApiText());
  });

  it('is valid OpenAPI 3.1', async () => {
    const result = await validate(buildOpenApi() as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('describes every call of the table', () => {
    const document = buildOpenApi() as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const described = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(described.sort()).toEqual(OPERATIONS.map((operation) => operation.id).sort());
  });
});

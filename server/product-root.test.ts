import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProductRoot, PRODUCT_ROOT } from './product-root';

describe('findProductRoot', () => {
  it('finds the nearest folder above with a package.json, from the sources and from dist/server', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'edudesk-root-'));
    writeFileSync(path.join(root, 'package.json'), '{}');
    const compiled = path.join(root, 'dist', 'server');
    mkdirSync(compiled, { recursive: true });
    mkdirSync(path.join(root, 'server'));
    expect(findProductRoot(compiled)).toBe(root);
    expect(findProductRoot(path.join(root, 'server'))).toBe(root);
    expect(findProductRoot(root)).toBe(root);
  });

  it('says so when there is none', () => {
    expect(() => findProductRoot(path.parse(tmpdir()).root)).toThrow(/No package.json/);
  });

  it('is this repository when run from the sources', () => {
    expect(PRODUCT_ROOT).toBe(path.resolve(import.meta.dirname, '..'));
  });
});

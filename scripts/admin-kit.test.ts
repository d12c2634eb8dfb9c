import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdminKit } from './admin-kit.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let out = '';
afterEach(() => {
  if (out !== '') rmSync(out, { recursive: true, force: true });
});

describe('admin kit (npm run dist → release/admin-kit)', () => {
  it('holds the ADMX, its three languages and the README for IT', () => {
    out = mkdtempSync(path.join(tmpdir(), 'edudesk-admin-kit-'));
    writeFileSync(path.join(out, 'stale.txt'), 'from an earlier build');
    buildAdminKit(ROOT, out);
    const files = (readdirSync(out, { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(files).toEqual([
      'EduDesk.admx',
      'README.md',
      'en-US',
      'en-US/EduDesk.adml',
      'zh-CN',
      'zh-CN/EduDesk.adml',
      'zh-TW',
      'zh-TW/EduDesk.adml',
    ]);
    expect(readFileSync(path.join(out, 'EduDesk.admx'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'resources', 'policy', 'EduDesk.admx'), 'utf8'),
    );
    expect(readFileSync(path.join(out, 'README.md'), 'utf8')).toMatch(/msiexec \/i/);
  });

  it('fails plainly when a source is missing', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'edudesk-admin-kit-src-'));
    try {
      expect(() => buildAdminKit(empty, path.join(empty, 'kit'))).toThrow(
        /admin-kit: .* is missing/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('runs after electron-builder in npm run dist', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.dist).toMatch(/electron-builder .*&& node scripts\/admin-kit\.mjs$/);
  });
});

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's folder map is what a newcomer reads first: a folder it names that was
 * moved or removed would send them looking for nothing. Every folder path it names there (a
 * `renderer/…/` in backticks, ending in a slash) must exist.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The text of the section whose `## ` heading starts with `heading`, up to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}`);
  if (start < 0) return '';
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, next < 0 ? undefined : next);
}

/** Every folder path in backticks (`a/b/`) of a text, in order, without repeats. */
function folderPaths(text: string): string[] {
  const found = [...text.matchAll(/`([A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\/)`/g)].map(
    (match) => match[1] ?? '',
  );
  return [...new Set(found)];
}

const folderMap = section(doc, 'The folder map');
const folders = folderPaths(folderMap);

describe('docs/architecture.md, the folder map', () => {
  it('has a folder map that names the renderer folders', () => {
    expect(folderMap).not.toBe('');
    expect(folders).toContain('renderer/');
    expect(folders.length).toBeGreaterThan(20);
  });

  it('finds folder paths in backticks', () => {
    expect(
      folderPaths('- `renderer/features/login/` the form; `renderer/main.tsx` a file'),
    ).toEqual(['renderer/features/login/']);
  });

  it.each(folders)('names %s, which exists', (folder) => {
    const full = path.join(root, folder);
    expect(existsSync(full) && statSync(full).isDirectory()).toBe(true);
  });
});

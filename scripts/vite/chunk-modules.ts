import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What a chunk is made of: bytes per package or source folder, before minification. */
export type ChunkModules = Record<string, Record<string, number>>;

/**
 * The group a module's bytes are counted under: an npm package (antd by component), or the
 * source folder (`renderer/ui/upload`); one line per group keeps the list readable.
 */
export function moduleGroup(id: string, root: string): string {
  const clean = id.replace(/\?.*$/, '').replaceAll('\\', '/');
  const inPackages = clean.lastIndexOf('/node_modules/');
  if (inPackages >= 0) {
    const parts = clean.slice(inPackages + '/node_modules/'.length).split('/');
    if (parts[0] === 'antd') return `antd/${parts[2] ?? parts[1] ?? ''}`;
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? clean);
  }
  const relative = path.posix.relative(root.replaceAll('\\', '/'), clean);
  if (relative.startsWith('..') || clean.startsWith('\0')) return 'other';
  return path.posix.dirname(relative);
}

/**
 * Writes `file`: for every JavaScript chunk of the build, the rendered bytes (tree-shaken, not
 * yet minified) per module group, largest first. The PH bench reads it to say what an
 * application's initial JavaScript is made of (tests/bench/ph-bench.ts); it is written outside
 * the web root, so it is never served.
 */
export function chunkModulesPlugin(file: string, root: string): Plugin {
  return {
    name: 'edudesk-chunk-modules',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const result: ChunkModules = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const groups = new Map<string, number>();
        for (const [id, module] of Object.entries(chunk.modules)) {
          const group = moduleGroup(id, root);
          groups.set(group, (groups.get(group) ?? 0) + module.renderedLength);
        }
        result[chunk.fileName] = Object.fromEntries(
          [...groups].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1]),
        );
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(result, null, 1)}\n`);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileInside } from './static-routes';

/** Where the desktop client's generic update feed lives (main/updates/update-feed.ts). */
export const CLIENT_UPDATES_PREFIX = '/client/updates/win/';

/** A feed file name: one segment, no dotfile, no '..' (electron-builder's names all fit). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/;

/** The feed file types; anything else in the folder is not served. */
const TYPES: Readonly<Record<string, string>> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.msi': 'application/x-msi',
  '.blockmap': 'application/octet-stream',
  '.zip': 'application/zip',
  '.7z': 'application/x-7z-compressed',
};

/**
 * The feed (`latest.yml`) is revalidated on every check, so a new release or a changed staging
 * percentage is seen at once; installers and blockmaps carry the version in their names and are
 * cached long, revalidated by ETag.
 */
export function cacheControlOfUpdate(file: string): string {
  return file.endsWith('.yml') ? 'no-cache, must-revalidate' : 'public, max-age=31536000';
}

/**
 * Serves EDUDESK_CLIENT_UPDATES_DIR at /client/updates/win/ for electron-builder's generic provider
 * (docs/desktop-client.md, "Updates"), so a school or the vendor hosts client updates itself.
 * Only regular files directly in the folder: no listing, no dotfiles, no '..', no symlink out of
 * it. Streams with @fastify/static (registered by static-routes.ts): Range, ETag, HEAD.
 */
export function registerClientUpdateRoutes(app: FastifyInstance, updatesDir: string): void {
  const root = path.resolve(updatesDir);
  app.get<{ Params: { file: string } }>(`${CLIENT_UPDATES_PREFIX}:file`, async (request, reply) => {
    const { file } = request.params;
    const type = TYPES[path.extname(file).toLowerCase()];
    if (!FILE_NAME.test(file) || file.includes('..') || type === undefined) {
      reply.callNotFound();
      return reply;
    }
    const full = await fileInside(root, file);
    if (full === undefined || path.dirname(full) !== (await realRoot(root))) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .header('content-type', type)
      .header('cache-control', cacheControlOfUpdate(file))
      .sendFile(path.basename(full), path.dirname(full), { contentType: false });
  });
}

async function realRoot(root: string): Promise<string | undefined> {
  try {
    return await fs.realpath(root);
  } catch {
    return undefined;
  }
}

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sendHtmlPage } from '../http/html-pages';
import { isApiPath } from '../http/paths';
import { sendAuthorizePage } from '../oauth/oauth-routes';
import { setHtmlSecurityHeaders } from '../http/security-headers';
import { compressedCopy, precompressedType } from './precompressed';
import { cacheControlFor, classifyWebPath } from './web-paths';

const INDEX_FILE = 'index.html';

/**
 * The absolute path of a build file when it is a regular file inside the web root, symlinks
 * resolved (defence in depth: the path rules already refuse '..').
 */
export async function fileInside(webRoot: string, file: string): Promise<string | undefined> {
  try {
    const root = await fs.realpath(webRoot);
    const full = await fs.realpath(path.join(root, file));
    if (!full.startsWith(root + path.sep)) return undefined;
    const stat = await fs.stat(full);
    return stat.isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Serves the production web build: the app's screens and landing pages (index.html), hashed
 * assets (cached for a year), language files and other build files (revalidated). The build may
 * appear after the server starts, so the root is checked on each request.
 */
export async function registerWebRoutes(app: FastifyInstance, webRoot: string): Promise<void> {
  const root = path.resolve(webRoot);
  // serve: false — our own route decides what may be served; the plugin only streams files
  // (ETag, Last-Modified, ranges, HEAD).
  await app.register(fastifyStatic, {
    root,
    serve: false,
    cacheControl: false,
    index: false,
    dotfiles: 'deny',
  });

  /**
   * Sends a build file (already checked by fileInside). Text files go out with the media type of
   * PRECOMPRESSED_TYPES and, when the browser accepts it, as the build's Brotli or gzip copy.
   */
  async function sendBuildFile(reply: FastifyReply, file: string): Promise<FastifyReply> {
    if (file.endsWith('.html')) setHtmlSecurityHeaders(reply);
    reply.header('cache-control', cacheControlFor(file));
    const type = precompressedType(file);
    if (!type) return reply.sendFile(file, root);
    reply.header('vary', 'accept-encoding').header('content-type', type);
    const copy = await compressedCopy(root, file, reply.request.headers['accept-encoding']);
    if (!copy) return reply.sendFile(file, root, { contentType: false });
    return reply
      .header('content-encoding', copy.encoding)
      .sendFile(copy.file, root, { contentType: false });
  }

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    if (!(await fileInside(root, INDEX_FILE))) return sendHtmlPage(reply, 503);
    return sendBuildFile(reply, INDEX_FILE);
  }

  function notFound(reply: FastifyReply): FastifyReply {
    reply.callNotFound();
    return reply;
  }

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?', 1)[0] ?? '/';
    if (isApiPath(urlPath)) return notFound(reply);
    const target = classifyWebPath(urlPath);
    if (target.kind === 'invalid') return notFound(reply);
    if (!(await isDirectory(root))) return sendHtmlPage(reply, 503);

    switch (target.kind) {
      case 'spa':
        return sendIndex(reply);
      case 'landing':
        if (await fileInside(root, target.file)) return sendBuildFile(reply, target.file);
        if (target.pageHtml && (await fileInside(root, target.pageHtml))) {
          return sendBuildFile(reply, target.pageHtml);
        }
        return sendIndex(reply);
      case 'module-lang': {
        if (await fileInside(root, target.file)) return sendBuildFile(reply, target.file);
        if (await fileInside(root, target.fallback)) return sendBuildFile(reply, target.fallback);
        return notFound(reply);
      }
      case 'authorize':
        if (await fileInside(root, target.file)) return sendBuildFile(reply, target.file);
        if (!(await fileInside(root, INDEX_FILE))) return sendHtmlPage(reply, 503);
        // The page's own policy (no framing, no Referer, no-store), as at /authorize itself.
        return sendAuthorizePage(reply).sendFile(INDEX_FILE, root, { contentType: false });
      case 'file':
        if (await fileInside(root, target.file)) return sendBuildFile(reply, target.file);
        return notFound(reply);
    }
  });
}

/**
 * Bench-only routes, mounted by tests/bench/bench-server.ts beside the reference
 * server's own routes in one process, never by the product server:
 * - POST /bench/sink: the browser's single-request ceiling; streams the raw body to a file (no
 *   parsing, no hashing), answers its length, then deletes it;
 * - /bench/tus: a tus 1.0 server (@tus/server with @tus/file-store) for Uppy's tus plugin;
 * - GET /bench/page/<name>: the bench pages and their scripts from the assets folder (Uppy's
 *   bundle, built at bench time by tests/bench/bench-assets.ts).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance } from 'fastify';

export const BENCH_PATHS = {
  sink: '/bench/sink',
  tus: '/bench/tus',
  page: '/bench/page',
} as const;

const PAGE_NAME = /^[a-z0-9-]+\.(?:html|js)$/;

export interface BenchRouteOptions {
  /** Where the sink and the tus store write (deleted by the bench). */
  workDir: string;
  /** The bench pages and bundles. */
  assetsDir: string;
}

export async function registerBenchRoutes(
  app: FastifyInstance,
  options: BenchRouteOptions,
): Promise<void> {
  const tus = new TusServer({
    path: BENCH_PATHS.tus,
    datastore: new FileStore({ directory: path.join(options.workDir, 'tus') }),
  });
  await app.register((scope, _opts, done) => {
    // The bodies are read by the handlers themselves, as they arrive.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => {
      parsed(null);
    });

    scope.post(BENCH_PATHS.sink, async (request) => {
      const file = path.join(options.workDir, `sink-${randomUUID()}`);
      try {
        await pipeline(request.raw, createWriteStream(file));
        return { bytes: (await stat(file)).size };
      } finally {
        await rm(file, { force: true });
      }
    });

    for (const url of [BENCH_PATHS.tus, `${BENCH_PATHS.tus}/*`]) {
      scope.all(url, (request, reply) => {
        reply.hijack();
        void tus.handle(request.raw, reply.raw);
      });
    }

    scope.get<{ Params: { name: string } }>(`${BENCH_PATHS.page}/:name`, async (request, reply) => {
      const { name } = request.params;
      if (!PAGE_NAME.test(name)) return reply.code(404).send();
      const body = await readFile(path.join(options.assetsDir, name));
      return reply
        .type(name.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/javascript')
        .header('cache-control', 'no-store')
        .send(body);
    });
    done();
  });
}

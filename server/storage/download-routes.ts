import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { STORAGE_API } from '../../contract/api-paths';
import { UPLOAD_CODES, UPLOAD_FIELDS as F } from '../../contract/upload';
import {
  DownloadParamsSchema,
  DownloadQuerySchema,
  type DownloadParams,
} from '../../contract/upload-schema';
import { authOf, type requireAuth } from '../auth/authenticate';
import { parseRange } from './byte-range';
import { contentDisposition } from './content-disposition';
import { contentTypeOf, mayShowInline } from './content-types';
import { StorageError, STORAGE_MESSAGES } from './storage-errors';
import type { FileRecord } from './file-records';
import type { UploadService } from './upload-service';

/** A downloaded file can never run script in the platform's origin, even if a browser sniffs. */
const DOWNLOAD_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/**
 * The download's ETag: a hash of the file record's id (random, unguessable) and its content's
 * MD5, never the bare MD5, which would tell whoever sees it (a proxy, a shared browser cache, a
 * log) the MD5 instant upload matches on, and that two records share content. An id always names
 * the same bytes, so the tag is as stable as the content, and conditional requests keep working.
 */
export function downloadEtag(record: Pick<FileRecord, 'id' | 'md5'>): string {
  const digest = createHash('sha256').update(`edudesk-download\0${record.id}\0${record.md5}`);
  return `"${digest.digest('base64url').slice(0, 32)}"`;
}

function notFound(): StorageError {
  return new StorageError(404, UPLOAD_CODES.fileNotFound, STORAGE_MESSAGES.fileNotFound);
}

/**
 * The download call of the reference server (docs/upload.md): GET or POST
 * /api/storage/download with `id` (and the Sy-Language parameter the generic download form
 * sends). Signed-in users of the file's unit may read it. Attachments by default, inline for
 * images, audio and video with `inline=1`; single byte ranges for resuming and seeking.
 */
export function registerDownloadRoutes(
  app: FastifyInstance,
  uploads: UploadService,
  auth: ReturnType<typeof requireAuth>,
): void {
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    params: DownloadParams,
  ): Promise<FastifyReply> {
    const record = await uploads.records.findById(params[F.id]);
    if (record?.unitId !== authOf(request).user.unitId) throw notFound();
    const file = uploads.content.contentPath(record.md5);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile()) throw notFound();

    const inline = params[F.inline] === '1' && mayShowInline(record.ext);
    const etag = downloadEtag(record);
    reply.headers({
      'content-type': contentTypeOf(record.ext),
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', record.fileName),
      'content-security-policy': DOWNLOAD_CSP,
      'x-content-type-options': 'nosniff',
      // An id always names the same bytes; only the signed-in user's browser may keep them.
      'cache-control': 'private, max-age=86400',
      etag,
      'accept-ranges': 'bytes',
    });
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();

    const range = parseRange(request.headers.range, stat.size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${String(stat.size)}`)
        .send();
    }
    if (range.kind === 'partial') {
      return reply
        .code(206)
        .header(
          'content-range',
          `bytes ${String(range.start)}-${String(range.end)}/${String(stat.size)}`,
        )
        .header('content-length', String(range.end - range.start + 1))
        .send(fs.createReadStream(file, { start: range.start, end: range.end }));
    }
    return reply.header('content-length', String(stat.size)).send(fs.createReadStream(file));
  }

  app.get<{ Querystring: DownloadParams }>(
    STORAGE_API.download,
    { schema: { querystring: DownloadQuerySchema }, onRequest: auth },
    (request, reply) => send(request, reply, request.query),
  );
  app.post<{ Body: DownloadParams }>(
    STORAGE_API.download,
    { schema: { body: DownloadParamsSchema }, onRequest: auth },
    (request, reply) => send(request, reply, request.body),
  );
}

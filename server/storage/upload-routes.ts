import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STORAGE_API } from '../../contract/api-paths';
import { UPLOAD_FIELDS as F } from '../../contract/upload';
import {
  Base64UploadBodySchema,
  BlockUploadCheckBodySchema,
  ChunkFieldsSchema,
  MergeFileBodySchema,
  SecondUploadCheckBodySchema,
  UploadFieldsSchema,
} from '../../contract/upload-schema';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import type { ServicesPluginOptions } from '../services';
import { registerDownloadRoutes } from './download-routes';
import { multipartFieldsValidator } from './multipart-fields';
import { consumeMultipart, multipartLimits, readMultipart } from './multipart-reader';
import { storageErrorHandler } from './storage-error-handler';
import { uploadLimits } from './upload-limits';
import { UploadService, toCount, type Uploader } from './upload-service';

/** The gateway prefix of the multipart calls (spec §7); the same calls answer without it too. */
const GATEWAY_PREFIX = '/zuul';

function withoutGateway(path: string): string {
  return path.startsWith(`${GATEWAY_PREFIX}/`) ? path.slice(GATEWAY_PREFIX.length) : path;
}

function uploaderOf(request: Parameters<typeof authOf>[0]): Uploader {
  const { user } = authOf(request);
  return { userId: user.id, unitId: user.unitId };
}

const validateUploadFields = multipartFieldsValidator(UploadFieldsSchema);
const validateChunkFields = multipartFieldsValidator(ChunkFieldsSchema);
const CHUNK_REQUIRED_FIELDS = ChunkFieldsSchema.required;

/** The chunk's figures came before its bytes: they can go straight to their place. */
function hasChunkFigures(fields: Record<string, string>): boolean {
  return CHUNK_REQUIRED_FIELDS.every((field) => Object.hasOwn(fields, field));
}

/**
 * The upload calls of spec §7 (docs/upload.md): instant upload, single upload, chunk check,
 * chunk upload, merge, base64 image, plus the download and the list of the user's files. Every
 * call needs a session. Files are streamed to disk, never held in memory.
 */
export const uploadRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = async (
  app,
  { services },
) => {
  const limits = uploadLimits(services.options);
  const uploads = new UploadService(services, limits);
  uploads.init();
  // Whatever a crash left behind goes now, then once an interval while the server runs.
  await uploads.cleanupIfDue();
  const timer = setInterval(() => {
    uploads.cleanupIfDue().catch((error: unknown) => {
      app.log.error({ err: error }, 'upload clean-up failed');
    });
  }, limits.cleanupIntervalMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });

  await app.register(multipart, { limits: multipartLimits(limits.maxRequestBytes) });
  app.setErrorHandler(storageErrorHandler);
  app.addHook('onRequest', (_request, reply, done) => {
    // The gateway paths are outside /api, where the app sets this for every answer.
    reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The bytes of every accepted upload call (server/http/metrics.ts).
    if (request.method === 'POST' && reply.statusCode < 400) {
      services.metrics.uploadReceived(Number(request.headers['content-length']));
    }
    done();
  });
  const auth = requireAuth(services);

  app.post(
    STORAGE_API.secondUploadCheck,
    { schema: { body: SecondUploadCheckBodySchema }, onRequest: auth },
    async (request) => {
      const body = request.body;
      const size = body[F.size];
      const found = await uploads.instantUpload(uploaderOf(request), {
        md5: body[F.md5],
        name: body[F.name],
        size: size === undefined ? undefined : toCount(size),
        serverid: body[F.serverId],
        uid: body[F.uid],
      });
      return ok(found);
    },
  );

  for (const path of [STORAGE_API.upload, withoutGateway(STORAGE_API.upload)]) {
    app.post(path, { onRequest: auth }, async (request) => {
      const received = await readMultipart(request, uploads.content, limits.maxRequestBytes);
      try {
        validateUploadFields(received.fields);
      } catch (error) {
        if (received.file) await uploads.discard(received.file);
        throw error;
      }
      return ok(await uploads.storeSingle(uploaderOf(request), received));
    });
  }

  app.post(
    STORAGE_API.blockUploadCheck,
    { schema: { body: BlockUploadCheckBodySchema }, onRequest: auth },
    async (request) => {
      const body = request.body;
      const file = uploads.chunkedFile(
        uploaderOf(request),
        body[F.md5],
        toCount(body[F.size]),
        toCount(body[F.chunks]),
      );
      return ok({ data: await uploads.hasChunk(file, toCount(body[F.chunk])) });
    },
  );

  for (const path of [STORAGE_API.chunkUpload, withoutGateway(STORAGE_API.chunkUpload)]) {
    app.post(path, { onRequest: auth }, async (request) => {
      // No MD5 per chunk: the merge verifies the whole file.
      const accepted = await consumeMultipart(
        request,
        uploads.content,
        limits.maxRequestBytes,
        hasChunkFigures,
        (raw, source, filename) => {
          const fields = validateChunkFields(raw);
          const eachSize = toCount(fields[F.eachSize]);
          const file = uploads.chunkedFile(
            uploaderOf(request),
            fields[F.md5],
            toCount(fields[F.fullSize]),
            toCount(fields[F.chunks]),
            eachSize,
          );
          const size = fields[F.size];
          return uploads.storeChunk(
            { ...file, eachSize },
            toCount(fields[F.chunk]),
            {
              name: fields[F.fileName] ?? fields[F.name] ?? filename,
              size: size === undefined ? undefined : toCount(size),
            },
            source,
          );
        },
      );
      return ok(accepted);
    });
  }

  app.post(
    STORAGE_API.mergeFile,
    { schema: { body: MergeFileBodySchema }, onRequest: auth },
    async (request) => {
      const body = request.body;
      const who = uploaderOf(request);
      const file = uploads.chunkedFile(
        who,
        body[F.md5],
        toCount(body[F.size]),
        toCount(body[F.chunks]),
      );
      const stored = await uploads.merge(who, file, body[F.name], {
        serverid: body[F.serverId],
        uid: body[F.uid],
      });
      return ok(stored);
    },
  );

  app.post(
    STORAGE_API.base64Upload,
    {
      schema: { body: Base64UploadBodySchema },
      onRequest: auth,
      bodyLimit: limits.base64BodyBytes,
    },
    async (request) => {
      const body = request.body;
      const stored = await uploads.storeBase64(uploaderOf(request), {
        fileName: body[F.fileName],
        base64: body[F.base64],
        type: body[F.type],
        serverid: body[F.serverId],
      });
      return ok(stored);
    },
  );

  app.get(STORAGE_API.myFiles, { onRequest: auth }, async (request) =>
    ok(await uploads.listMine(uploaderOf(request))),
  );

  registerDownloadRoutes(app, uploads, auth);
};

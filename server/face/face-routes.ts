import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { API } from '../../contract/api-paths';
import { ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT } from '../../contract/desktop-codes';
import {
  FACE_CODES,
  FACE_IMAGE_LIMITS,
  type FaceClockingData,
  type FaceRecord,
} from '../../contract/face';
import {
  FaceCheckBodySchema,
  FaceImageBodySchema,
  FaceUserQuerySchema,
} from '../../contract/face-schema';
import { ACTIVE_STATUS, authOf, requireAuth } from '../auth/authenticate';
import { sendTooManyAttempts } from '../auth/throttle';
import { formatChinaTime } from '../base/china-time';
import { fail, ok } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import { toFieldErrors } from '../http/validation';
import type { ServicesPluginOptions } from '../services';
import type { User } from '../uaa/users';
import { signIn } from '../uaa/start-session';
import { createFaceWorker, type FaceAnalyzer } from './face-analyzer';
import { FACE_BUSY_CODE, FACE_MESSAGES } from './face-messages';
import { MATCH_THRESHOLD, readSingleFace, type FaceReading } from './face-pipeline';
import { FaceStore } from './face-store';

/**
 * The largest face-call body: the longest allowed photo in base64, with room for form encoding
 * (the client's default: '+' and '/' become '%2B' and '%2F', about 6 % more on average) and the
 * other fields. The app-wide limit (64 KiB) stays for every other call.
 */
export const FACE_BODY_LIMIT_BYTES =
  Math.ceil(FACE_IMAGE_LIMITS.maxBase64Length * 1.25) + 64 * 1024;

/**
 * The user types (server/db/seed-data.ts) whose accounts may run a face clock-in: teachers (2)
 * and staff (4), which includes a clock-in device signed in by its client id (a staff
 * account). Parents (3), students (5) and bureau accounts (1) may not, unless they are unit
 * administrators (XX_SYS_ in base). docs/face.md, "Who may clock in".
 */
export const CLOCKING_USER_TYPES: ReadonlySet<number> = new Set([2, 4]);

/** How long a client is told to wait when the engine cannot be loaded. */
const ENGINE_RETRY_AFTER_SECONDS = 30;
/** How long a client is told to wait when the face worker is busy or a photo ran too long. */
const BUSY_RETRY_AFTER_SECONDS = 5;

export interface FaceRoutesOptions extends ServicesPluginOptions {
  /**
   * Decodes photos and runs the models; by default a worker thread of this app (the Human
   * engine, loaded on its first photo), ended when the app closes.
   */
  faceAnalyzer?: FaceAnalyzer;
}

/** Outcomes of a face login that count as a failed attempt of the client address. */
const FAILED_LOGIN_READINGS: ReadonlySet<FaceReading['kind']> = new Set([
  'invalid',
  'noFace',
  'severalFaces',
  'timeout',
]);

type Validated = FastifyRequest['validationError'];

/**
 * Schema failures of a face call: a bad faceImage (not base64, too long) is the same
 * face_image_invalid answer as a photo refused by the header checks; others are the usual
 * invalid_request. Both HTTP 400, with bilingual field errors.
 */
function sendValidationError(reply: FastifyReply, error: NonNullable<Validated>): FastifyReply {
  const fieldErrors = toFieldErrors(
    error.validation as FastifySchemaValidationError[],
    error.validationContext,
  ).map((fieldError) =>
    fieldError.field === 'faceImage'
      ? { field: 'faceImage', message: FACE_MESSAGES.invalidImage }
      : fieldError,
  );
  const imageInvalid = fieldErrors.some((fieldError) => fieldError.field === 'faceImage');
  return reply
    .code(400)
    .send(
      imageInvalid
        ? fail(400, FACE_CODES.invalidImage, FACE_MESSAGES.invalidImage, { fieldErrors })
        : fail(400, 'invalid_request', MESSAGES.invalidRequest, { fieldErrors }),
    );
}

/**
 * The answer of a photo without exactly one usable face, or of an engine that is missing: a
 * photo the header checks or the decoder refused is HTTP 400 (a bad request, like a schema
 * failure); no face or several faces are HTTP 200 with envelope status 400 (a business outcome
 * the widget shows, like a wrong password); no engine is HTTP 503.
 */
function sendReadingFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  reading: Exclude<FaceReading, { kind: 'face' }>,
): FastifyReply {
  switch (reading.kind) {
    case 'invalid':
      request.log.info({ problem: reading.problem }, 'face photo refused');
      return reply.code(400).send(
        fail(400, FACE_CODES.invalidImage, FACE_MESSAGES.invalidImage, {
          fieldErrors: [{ field: 'faceImage', message: FACE_MESSAGES.invalidImage }],
        }),
      );
    case 'noFace':
      return reply.send(fail(400, FACE_CODES.noFace, FACE_MESSAGES.noFace));
    case 'severalFaces':
      return reply.send(fail(400, FACE_CODES.severalFaces, FACE_MESSAGES.severalFaces));
    case 'busy':
      return reply
        .code(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send(fail(503, FACE_BUSY_CODE, FACE_MESSAGES.busy));
    case 'timeout':
      request.log.warn({ err: reading.error }, 'face photo ran over the time limit');
      return reply
        .code(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send(fail(503, FACE_CODES.engineUnavailable, FACE_MESSAGES.engineUnavailable));
    case 'unavailable':
      request.log.error({ err: reading.error }, 'face engine unavailable');
      return reply
        .code(503)
        .header('retry-after', String(ENGINE_RETRY_AFTER_SECONDS))
        .send(fail(503, FACE_CODES.engineUnavailable, FACE_MESSAGES.engineUnavailable));
  }
}

/**
 * The face calls (spec §7; docs/server.md "Face recognition"): face login, face clock-in, face
 * enrolment (check) and the own face record. Recognition is real: Human's face models
 * (server/face/human-engine.ts) give each photo's embedding, matched by cosine similarity
 * against the enrolled faces of one unit (server/face/face-store.ts).
 */
export const faceRoutes: FastifyPluginAsyncTypebox<FaceRoutesOptions> = (
  app,
  { services, faceAnalyzer },
) => {
  const { throttle, loginGuard, users, units, metrics } = services;
  const analyzer = faceAnalyzer ?? createFaceWorker();
  if (!faceAnalyzer) {
    app.addHook('onClose', async () => {
      await analyzer.close();
    });
  }
  const store = new FaceStore(services.sql, services.now);
  const guard = requireAuth(services);

  /** The enrolled, same-unit user of a face, or why there is none. */
  async function identify(
    unitId: number,
    embedding: Float32Array,
  ): Promise<{ user: User; similarity: number } | { code: string; message: string }> {
    if ((await store.enrolledCount(unitId)) === 0) {
      return { code: FACE_CODES.notEnrolled, message: FACE_MESSAGES.notEnrolled };
    }
    const match = await store.bestMatch(unitId, embedding);
    const user =
      match && match.similarity >= MATCH_THRESHOLD ? await users.findById(match.userId) : undefined;
    if (!match || user?.unitId !== unitId) {
      return { code: FACE_CODES.notRecognised, message: FACE_MESSAGES.notRecognised };
    }
    return { user, similarity: match.similarity };
  }

  const imageRoute = { attachValidation: true, bodyLimit: FACE_BODY_LIMIT_BYTES } as const;

  // Face login: like the password login (envelope 400 for a face nobody enrolled, counted
  // against the client address and the browser's device (server/auth/login-guard.ts); 429 when
  // the device is locked, a proof of work when the address is over its threshold; 403 for a
  // disabled account), in the unit of
  // the request's host. Every failed attempt counts: a face nobody enrolled, no face, several
  // faces, a photo refused or too slow to read; a busy or missing engine does not.
  app.post(
    API.faceLogin,
    { ...imageRoute, schema: { body: FaceImageBodySchema } },
    async (request, reply) => {
      if (request.validationError) return sendValidationError(reply, request.validationError);
      const admission = await loginGuard.admit(request, { kind: 'face' });
      if (admission.kind !== 'go') {
        metrics.signIn('face', admission.kind);
        return loginGuard.refuse(reply, admission);
      }

      // The unit of the host (or the default unit): a face is only looked for among its users.
      // The attempt was counted when admitted: what is no guess is taken back.
      const unit = await units.resolveHost(request.hostname);
      if (unit?.unitStatus !== ACTIVE_STATUS) {
        await loginGuard.withdrawn(admission);
        metrics.signIn('face', 'refused');
      }
      if (!unit) {
        return reply.send(fail(400, FACE_CODES.notRecognised, FACE_MESSAGES.notRecognised));
      }
      if (unit.unitStatus !== ACTIVE_STATUS) {
        return reply.send(fail(403, 'unit_disabled', MESSAGES.unitDisabled));
      }
      const reading = await readSingleFace(request.body.faceImage, analyzer);
      if (reading.kind !== 'face') {
        const failed = FAILED_LOGIN_READINGS.has(reading.kind);
        if (!failed) await loginGuard.withdrawn(admission);
        metrics.signIn('face', failed ? 'failure' : 'busy');
        return sendReadingFailure(request, reply, reading);
      }
      // Attempts queue for the engine: one that waited may find its device locked meanwhile (by
      // others: a lock this attempt's own count set does not refuse it).
      const retryAfter = await throttle.retryAfterSeconds(
        admission.counted.filter((key) => key.lockedBy === 0),
      );
      if (retryAfter > 0) {
        await loginGuard.withdrawn(admission);
        metrics.signIn('face', 'locked');
        return sendTooManyAttempts(reply, retryAfter);
      }

      const found = await identify(unit.id, reading.embedding);
      if (!('user' in found)) {
        metrics.signIn('face', 'failure');
        return reply.send(fail(400, found.code, found.message));
      }
      if (found.user.userStatus !== ACTIVE_STATUS) {
        await loginGuard.withdrawn(admission);
        metrics.signIn('face', 'refused');
        return reply.send(fail(403, 'account_disabled', MESSAGES.accountDisabled));
      }
      request.log.info({ userId: found.user.id, similarity: found.similarity }, 'face login');
      await loginGuard.succeeded(admission);
      metrics.signIn('face', 'success');
      return signIn(services, request, reply, found.user, unit);
    },
  );

  // Face clock-in: a signed-in teacher, staff account (a clock-in device) or unit administrator
  // identifies a face among the users of the session's unit only, and records the clock-in;
  // the answer is the user info the widget hands to its parent page. Anyone else: 403.
  app.post(
    API.faceClocking,
    { ...imageRoute, onRequest: guard, schema: { body: FaceImageBodySchema } },
    async (request, reply) => {
      const { user: operator, unit } = authOf(request);
      // Only the accounts meant to run a clock-in: anyone else could learn who is in a photo.
      const mayClockIn =
        CLOCKING_USER_TYPES.has(operator.userType) ||
        (await users.hasRole(operator.id, ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT));
      if (!mayClockIn) {
        return reply.send(fail(403, FACE_CODES.forbidden, FACE_MESSAGES.clockingForbidden));
      }
      if (request.validationError) return sendValidationError(reply, request.validationError);
      const reading = await readSingleFace(request.body.faceImage, analyzer);
      if (reading.kind !== 'face') return sendReadingFailure(request, reply, reading);
      const found = await identify(unit.id, reading.embedding);
      if (!('user' in found)) return reply.send(fail(400, found.code, found.message));
      const { user, similarity } = found;
      if (user.userStatus !== ACTIVE_STATUS) {
        return reply.send(fail(403, 'account_disabled', MESSAGES.accountDisabled));
      }
      const clockTime = await store.recordClocking({
        userId: user.id,
        unitId: unit.id,
        operatorId: operator.id,
        similarity,
      });
      const data: FaceClockingData = {
        userId: String(user.id),
        userName: user.loginName,
        realName: user.realName,
        unitId: String(unit.id),
        clockTime: formatChinaTime(clockTime),
      };
      return reply.send(ok(data));
    },
  );

  // Face enrolment: the caller's own face, or (a unit administrator, XX_SYS_ in base) the face
  // of a user of the same unit. Exactly one face; the photo replaces any earlier one.
  app.post(
    API.faceCheck,
    { ...imageRoute, onRequest: guard, schema: { body: FaceCheckBodySchema } },
    async (request, reply) => {
      if (request.validationError) return sendValidationError(reply, request.validationError);
      const { user: caller, unit } = authOf(request);
      const targetId = Number(request.body.userId);
      const target = targetId === caller.id ? caller : await users.findById(targetId);
      const allowed =
        target !== undefined &&
        (target.id === caller.id ||
          (target.unitId === unit.id &&
            (await users.hasRole(caller.id, ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT))));
      if (!allowed) return reply.send(fail(403, FACE_CODES.forbidden, FACE_MESSAGES.forbidden));

      const reading = await readSingleFace(request.body.faceImage, analyzer);
      if (reading.kind !== 'face') return sendReadingFailure(request, reply, reading);
      const registerTime = await store.enrol({
        userId: target.id,
        unitId: target.unitId,
        image: reading.bytes,
        imageType: reading.header.type,
        embedding: reading.embedding,
      });
      return reply.send(
        ok({ userId: String(target.id), registerTime: formatChinaTime(registerTime) }),
      );
    },
  );

  // The caller's own face record (another user's id: envelope 403), or data null.
  app.get(
    API.faceUser,
    { onRequest: guard, schema: { querystring: FaceUserQuerySchema } },
    async (request, reply) => {
      const { user } = authOf(request);
      if (request.query.userId !== String(user.id)) {
        return reply.send(fail(403, FACE_CODES.forbidden, FACE_MESSAGES.forbidden));
      }
      const record = await store.record(user.id);
      const data: FaceRecord | null = record
        ? {
            faceImage: record.image.toString('base64'),
            registerTime: formatChinaTime(record.registerTime),
            userId: String(user.id),
          }
        : null;
      return reply.send(ok(data));
    },
  );

  return Promise.resolve();
};

import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import path from 'node:path';
import { SPEECH_API } from '../../contract/api-paths';
import { bilingual } from '../../contract/envelope';
import { HEADER_DEVICE } from '../../contract/http-headers';
import { isLangType } from '../../contract/languages';
import {
  SpeechTokenQuerySchema,
  SpeechTokenSchema,
  VocabularyAnswerSchema,
  VocabularyBodySchema,
} from '../../contract/speech';
import { authOf, requireAuth } from '../auth/authenticate';
import { AppsRepository } from '../base/apps-repository';
import { answerSchema } from '../base/answer-schema';
import { languageOf } from '../base/request-language';
import { fail, ok } from '../http/envelope';
import { linkOrigin } from '../http/request-origin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services, ServicesPluginOptions } from '../services';
import { GatewaySession, MAX_AUDIO_BYTES, MAX_FRAME_BYTES } from './gateway-session';
import {
  DEBIAN_POCKETSPHINX,
  NO_RECOGNISER,
  PocketsphinxRecogniser,
  type Recogniser,
} from './recogniser';
import { defaultRecognitionLimits, RecognitionQueue } from './recognition-queue';
import { SpeechTokens } from './speech-tokens';
import { VoiceApps } from './voice-apps';
import { matchVocabulary } from './vocabulary';
import { hiddenAppCodes } from '../sso/sso-partners';

/** The appkey of the stand-in gateway's one project (Alibaba Cloud's is the console's). */
export const STAND_IN_APPKEY = 'edudesk-speech';

const UPGRADE_REQUIRED = bilingual(
  '语音网关只接受 WebSocket 连接',
  'The speech gateway accepts WebSocket connections only',
);

const SPEECH_UNAVAILABLE = bilingual(
  '服务器未配置该语言的语音识别',
  'Speech recognition is not configured for this language on the server',
);

/**
 * The stand-in gateway's URL on the origin of every other link the server builds
 * (server/http/request-origin.ts): a configured host as addressed, else the public origin; never
 * a forged Host, which would send the token and the recording to the forger.
 */
async function standInGatewayUrl(request: FastifyRequest, services: Services): Promise<string> {
  const origin = new URL(await linkOrigin(request, services.linkOrigins));
  origin.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${origin.origin}${SPEECH_API.gateway}`;
}

function pageDevice(device: unknown): 'pc' | 'mobile' {
  return device === 'app' || device === 'h5' ? 'mobile' : 'pc';
}

/**
 * The voice recorder's calls (spec §7: get_ali_token, find_by_vocabulary) and the stand-in for
 * Alibaba Cloud's real-time speech recognition gateway (docs/voice.md).
 */
export const speechRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = async (
  app,
  { services },
) => {
  const { options } = services;
  const choice = options.speechRecogniser ?? 'pocketsphinx';
  const recogniser: Recogniser =
    choice === 'none'
      ? NO_RECOGNISER
      : choice === 'pocketsphinx'
        ? new PocketsphinxRecogniser({
            ...DEBIAN_POCKETSPHINX,
            workDir: path.join(options.dataDir, 'speech-grammars'),
          })
        : choice;
  const tokens = new SpeechTokens(services.sql, services.now);
  // One queue for the whole server: the cores it bounds are the whole server's. The queue's
  // default length follows a configured concurrency.
  const limits = options.speechRecognitionLimits ?? {};
  const queue = new RecognitionQueue({
    ...defaultRecognitionLimits(limits.concurrent),
    ...limits,
  });
  services.metrics.watchSpeechQueue(queue);
  const voiceApps = new VoiceApps(
    services.sql,
    new AppsRepository(services.sql, hiddenAppCodes(services.options)),
  );

  // The gateway: the token in the URL is the only credential (as Alibaba Cloud's).
  app.route({
    method: 'GET',
    url: SPEECH_API.gateway,
    // A plain GET (no WebSocket upgrade) is told to upgrade, in the envelope.
    handler: (_request, reply) => {
      reply.code(426).header('upgrade', 'websocket');
      return fail(426, 'upgrade_required', UPGRADE_REQUIRED);
    },
    wsHandler: (socket, request) => {
      const query = request.query as Record<string, unknown>;
      const token = typeof query.token === 'string' ? query.token : undefined;
      // The handlers are attached at once, so no frame is lost while the grant's phrases are
      // read from the database; frames arriving meanwhile wait for the session, bounded.
      let session: GatewaySession | undefined;
      let closed = false;
      let waitingBytes = 0;
      const waiting: { buffer: Buffer; isBinary: boolean }[] = [];
      const deliver = (target: GatewaySession, buffer: Buffer, isBinary: boolean) => {
        if (isBinary) target.onBinary(buffer);
        else target.onText(buffer.toString('utf8'));
      };
      socket.on('message', (data, isBinary) => {
        const buffer = Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.isBuffer(data)
            ? data
            : Buffer.from(data);
        if (session) {
          deliver(session, buffer, isBinary);
          return;
        }
        waitingBytes += buffer.length;
        if (waitingBytes > MAX_AUDIO_BYTES) {
          socket.close(1009);
          return;
        }
        waiting.push({ buffer, isBinary });
      });
      const onClose = () => {
        closed = true;
        session?.onClose();
      };
      socket.on('close', onClose);
      socket.on('error', onClose);
      const opening = tokens.redeem(token).then(async (grant) => ({
        grant,
        phrases:
          grant === null
            ? []
            : (await voiceApps.list(grant, 'pc')).flatMap((voiceApp) => voiceApp.phrases),
      }));
      opening.then(
        ({ grant, phrases: grantPhrases }) => {
          if (closed) return;
          const opened = new GatewaySession(
            {
              send: (text) => {
                if (socket.readyState === socket.OPEN) socket.send(text);
              },
              close: () => {
                socket.close(1000);
              },
            },
            grant === null
              ? null
              : { userId: grant.userId, language: grant.language, phrases: grantPhrases },
            recogniser,
            STAND_IN_APPKEY,
            queue,
          );
          session = opened;
          for (const frame of waiting.splice(0)) deliver(opened, frame.buffer, frame.isBinary);
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'speech gateway: reading the grant or its apps failed');
          // 1011: the server met an unexpected condition.
          if (!closed) socket.close(1011);
        },
      );
    },
  });

  await app.register((scoped, _options, done) => {
    scoped.addHook('onRequest', requireAuth(services));

    scoped.withTypeProvider().get(
      SPEECH_API.token,
      {
        schema: {
          querystring: SpeechTokenQuerySchema,
          response: answerSchema(SpeechTokenSchema),
        },
      },
      async (request) => {
        const auth = authOf(request);
        const asked = (request.query as { language?: unknown }).language;
        const language = isLangType(asked) ? asked : languageOf(request);
        // HTTP 200 with status 503 in the envelope (a business answer, as refusals are).
        if (!recogniser.supports(language)) {
          return fail(503, 'speech_unavailable', SPEECH_UNAVAILABLE);
        }
        const issued = await tokens.issue({
          userId: auth.user.id,
          userType: auth.user.userType,
          unitId: auth.unit.id,
          unitType: auth.unit.unitType,
          language,
        });
        return ok({
          token: issued.token,
          expireTime: Math.floor(issued.expiresAt / 1000),
          url: options.speechGatewayUrl ?? (await standInGatewayUrl(request, services)),
          appkey: STAND_IN_APPKEY,
        });
      },
    );

    scoped.post(
      SPEECH_API.vocabulary,
      { schema: { body: VocabularyBodySchema, response: answerSchema(VocabularyAnswerSchema) } },
      async (request) => {
        const auth = authOf(request);
        const candidates = await voiceApps.list(
          {
            userId: auth.user.id,
            userType: auth.user.userType,
            unitId: auth.unit.id,
            unitType: auth.unit.unitType,
          },
          pageDevice(request.headers[HEADER_DEVICE]),
        );
        const code = matchVocabulary(
          (request.body as { vocabulary: string }).vocabulary,
          candidates,
        );
        const found = candidates.find((candidate) => candidate.code === code);
        return ok({ url: found?.url ?? null, code: found?.code ?? null });
      },
    );
    done();
  });
};

/**
 * Registers the WebSocket support on the root app (so the whole app, and app.injectWS in tests,
 * knows it), then the speech routes.
 */
export async function registerSpeech(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(speechRoutes, { services });
}

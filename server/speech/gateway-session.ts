import { randomBytes } from 'node:crypto';
import {
  isNlsId,
  NLS_BYTES_PER_SECOND,
  NLS_DEFAULT_NAMESPACE,
  NLS_NAMESPACE,
  NLS_SAMPLE_RATE,
  NLS_STATUS,
  nlsId,
  type NlsEventName,
  type NlsMessage,
} from '../../contract/nls';
import type { LangType } from '../../contract/languages';
import type { Recogniser } from './recogniser';
import { RecognitionRefused, type RecognitionQueue } from './recognition-queue';

/** The longest recording (spec §9: 60 s) and so the most audio one task may send. */
export const MAX_RECORDING_SECONDS = 60;
export const MAX_AUDIO_BYTES = MAX_RECORDING_SECONDS * NLS_BYTES_PER_SECOND;
/** The largest single WebSocket frame accepted (the service documents 3,200-byte frames). */
export const MAX_FRAME_BYTES = 64 * 1024;
/**
 * No instruction or audio for this long ends the task (NLS: idle timeout). It times the client
 * only: it stops while the recognition waits for its turn or runs.
 */
export const IDLE_TIMEOUT_MS = 10_000;
/**
 * Alibaba Cloud's status for a request over the concurrency the gateway allows (its documented
 * TaskFailed: status 40000005, "Gateway:TOO_MANY_REQUESTS:Too many requests!").
 */
export const NLS_TOO_MANY_REQUESTS = 40000005;

export interface GatewayGrant {
  /** Whose recognition it is (the per-user limits of the recognition queue). */
  userId: number;
  language: LangType;
  /** The English (or other) names the recogniser may expect. */
  phrases: readonly string[];
}

/** What the session needs from its connection. */
export interface GatewayConnection {
  send: (text: string) => void;
  close: () => void;
}

const STATUS_MESSAGE = 'GATEWAY|SUCCESS|Success.';

function id(): string {
  return nlsId((bytes) => {
    bytes.set(randomBytes(bytes.length));
    return bytes;
  });
}

type Phase = 'waiting' | 'started' | 'recognising' | 'done';

/**
 * One connection of the stand-in gateway, speaking the NLS SpeechTranscriber protocol: a
 * StartTranscription, binary audio, a StopTranscription; answered by TranscriptionStarted,
 * SentenceBegin, TranscriptionResultChanged, SentenceEnd and TranscriptionCompleted, or TaskFailed
 * (and the connection closed) on any error. The audio is kept in memory only, bounded, and dropped
 * when the task ends.
 */
export class GatewaySession {
  private phase: Phase = 'waiting';
  private taskId = '';
  private appkey = '';
  private chunks: Buffer[] = [];
  private bytes = 0;
  private idle: NodeJS.Timeout | undefined;
  private readonly abort = new AbortController();

  constructor(
    private readonly connection: GatewayConnection,
    /** null: the token in the URL was missing, unknown, used or expired. */
    private readonly grant: GatewayGrant | null,
    private readonly recogniser: Recogniser,
    private readonly expectedAppkey: string,
    /** Bounds the recognitions running at once; the server's one queue. */
    private readonly queue: RecognitionQueue,
  ) {
    this.touch();
  }

  onText(text: string): void {
    let message: NlsMessage | null = null;
    try {
      message = JSON.parse(text) as NlsMessage;
    } catch {
      message = null;
    }
    const header = message?.header;
    if (
      typeof header !== 'object' ||
      header.namespace !== NLS_NAMESPACE ||
      !isNlsId(header.message_id) ||
      !isNlsId(header.task_id)
    ) {
      this.fail(NLS_STATUS.invalidMessage, 'Gateway:MESSAGE_INVALID:Invalid message!');
      return;
    }
    this.touch();
    if (header.name === 'StartTranscription') {
      this.start(header.task_id, header.appkey, message?.payload ?? {});
      return;
    }
    if (header.name === 'StopTranscription' && this.phase === 'started') {
      if (header.task_id !== this.taskId) {
        this.fail(NLS_STATUS.invalidMessage, 'Gateway:MESSAGE_INVALID:Task id mismatch!');
        return;
      }
      void this.stop();
      return;
    }
    this.fail(NLS_STATUS.invalidMessage, `Gateway:MESSAGE_INVALID:Unexpected ${header.name}!`);
  }

  onBinary(data: Buffer): void {
    if (this.phase !== 'started') {
      if (this.phase === 'waiting') {
        this.fail(NLS_STATUS.invalidMessage, 'Gateway:MESSAGE_INVALID:Audio before start!');
      }
      return;
    }
    this.touch();
    if (this.bytes + data.length > MAX_AUDIO_BYTES) {
      this.fail(
        NLS_STATUS.clientError,
        `Gateway:CLIENT_ERROR:Audio longer than ${String(MAX_RECORDING_SECONDS)} s!`,
      );
      return;
    }
    this.bytes += data.length;
    this.chunks.push(data);
  }

  /** The client went away: stop any recognition and forget the audio. */
  onClose(): void {
    this.finish();
  }

  private start(taskId: string, appkey: string | undefined, payload: Record<string, unknown>) {
    if (this.phase !== 'waiting') {
      this.fail(NLS_STATUS.invalidMessage, 'Gateway:MESSAGE_INVALID:Task already started!');
      return;
    }
    this.taskId = taskId;
    this.appkey = appkey ?? '';
    if (this.grant === null) {
      this.fail(NLS_STATUS.accessDenied, 'Gateway:ACCESS_DENIED:The token is invalid!');
      return;
    }
    if (this.appkey !== this.expectedAppkey) {
      this.fail(NLS_STATUS.invalidParameter, 'Gateway:APPKEY_INVALID:Invalid appkey!');
      return;
    }
    const format = payload.format ?? 'pcm';
    const rate = payload.sample_rate ?? NLS_SAMPLE_RATE;
    if (format !== 'pcm' || rate !== NLS_SAMPLE_RATE) {
      this.fail(
        NLS_STATUS.invalidParameter,
        'Gateway:PARAMETER_INVALID:Only 16000 Hz mono 16-bit pcm is supported!',
      );
      return;
    }
    if (!this.recogniser.supports(this.grant.language)) {
      this.fail(
        NLS_STATUS.serverError,
        `Meta:RECOGNISER_UNAVAILABLE:No speech recogniser for ${this.grant.language}!`,
      );
      return;
    }
    this.phase = 'started';
    this.event('TranscriptionStarted', { session_id: id() });
  }

  private async stop(): Promise<void> {
    const grant = this.grant;
    if (grant === null) return;
    this.phase = 'recognising';
    // The client has said all it will: waiting for a turn or the recogniser is not its idleness.
    clearTimeout(this.idle);
    const audio = Buffer.concat(this.chunks);
    this.chunks = [];
    const duration = Math.round((audio.length / NLS_BYTES_PER_SECOND) * 1000);
    let result: string;
    try {
      result = await this.queue.run(grant.userId, this.abort.signal, () =>
        this.recogniser.recognise(audio, grant.phrases, this.abort.signal),
      );
    } catch (error) {
      if (!this.is('recognising')) return;
      if (error instanceof RecognitionRefused) {
        this.fail(NLS_TOO_MANY_REQUESTS, 'Gateway:TOO_MANY_REQUESTS:Too many requests!');
      } else {
        this.fail(NLS_STATUS.serverError, 'Meta:RECOGNISER_FAILED:Speech recognition failed!');
      }
      return;
    }
    if (!this.is('recognising')) return;
    if (result !== '') {
      this.event('SentenceBegin', { index: 1, time: 0 });
      this.event('TranscriptionResultChanged', { index: 1, time: duration, result });
      this.event('SentenceEnd', {
        index: 1,
        time: duration,
        begin_time: 0,
        result,
        confidence: 1,
      });
    }
    this.event('TranscriptionCompleted');
    this.finish();
    this.connection.close();
  }

  /** Read through a method: the phase changes while recognition is awaited. */
  private is(phase: Phase): boolean {
    return this.phase === phase;
  }

  private event(name: NlsEventName, payload?: Record<string, unknown>): void {
    const message: NlsMessage = {
      header: {
        message_id: id(),
        task_id: this.taskId,
        namespace: NLS_NAMESPACE,
        name,
        status: NLS_STATUS.success,
        status_message: STATUS_MESSAGE,
      },
    };
    if (payload) message.payload = payload;
    this.connection.send(JSON.stringify(message));
  }

  private fail(status: number, text: string): void {
    if (this.phase === 'done') return;
    this.connection.send(
      JSON.stringify({
        header: {
          message_id: id(),
          task_id: this.taskId,
          namespace: NLS_DEFAULT_NAMESPACE,
          name: 'TaskFailed',
          status,
          status_text: text,
        },
      }),
    );
    this.finish();
    this.connection.close();
  }

  private touch(): void {
    clearTimeout(this.idle);
    if (this.phase === 'done' || this.phase === 'recognising') return;
    this.idle = setTimeout(() => {
      this.fail(
        NLS_STATUS.idleTimeout,
        'Gateway:IDLE_TIMEOUT:Websocket session is idle for too long time!',
      );
    }, IDLE_TIMEOUT_MS);
  }

  private finish(): void {
    this.phase = 'done';
    clearTimeout(this.idle);
    this.chunks = [];
    this.bytes = 0;
    this.abort.abort();
  }
}

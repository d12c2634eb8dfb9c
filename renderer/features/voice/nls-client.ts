import {
  gatewayUrl,
  instruction,
  NLS_FRAME_BYTES,
  NLS_SAMPLE_RATE,
  nlsId,
  parseNlsMessage,
} from '../../../contract/nls';
import type { SpeechToken } from '../../../contract/speech';

/** The longest wait for the final result after StopTranscription. */
export const STOP_TIMEOUT_MS = 15_000;

export class TranscriptionFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** A transcription task on the gateway. */
export interface Transcriber {
  /** Sends 16 kHz mono 16-bit PCM (framed into 3,200-byte binary frames). */
  send(pcm: ArrayBuffer): void;
  /** StopTranscription: resolves with the whole transcript once TranscriptionCompleted arrives. */
  stop(): Promise<string>;
  /** Closes the connection without a result. */
  abort(): void;
}

/** The subset of the browser's WebSocket the client uses (tests pass another). */
export interface SocketLike {
  binaryType: BinaryType;
  readonly readyState: number;
  send(data: string | ArrayBuffer): void;
  close(code?: number): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

function randomId(): string {
  return nlsId((bytes) => {
    crypto.getRandomValues(bytes);
    return bytes;
  });
}

/** Cuts a PCM stream into frames of NLS_FRAME_BYTES (the last one may be shorter). */
export class PcmFramer {
  private pending = new Uint8Array(0);

  push(chunk: ArrayBuffer): ArrayBuffer[] {
    const joined = new Uint8Array(this.pending.length + chunk.byteLength);
    joined.set(this.pending);
    joined.set(new Uint8Array(chunk), this.pending.length);
    const frames: ArrayBuffer[] = [];
    let at = 0;
    while (joined.length - at >= NLS_FRAME_BYTES) {
      frames.push(joined.slice(at, at + NLS_FRAME_BYTES).buffer);
      at += NLS_FRAME_BYTES;
    }
    this.pending = joined.slice(at);
    return frames;
  }

  flush(): ArrayBuffer[] {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    return rest.length > 0 ? [rest.slice().buffer] : [];
  }
}

/**
 * Opens a real-time transcription on the gateway (Alibaba Cloud's NLS SpeechTranscriber
 * protocol): the token in the URL, StartTranscription, and resolves once TranscriptionStarted
 * arrives. `onTranscript` receives the text so far (finished sentences plus the current one).
 */
export function startTranscription(
  token: SpeechToken,
  onTranscript: (text: string) => void,
  openSocket: SocketFactory = (url) => new WebSocket(url),
): Promise<Transcriber> {
  const taskId = randomId();
  const ids = () => ({ messageId: randomId(), taskId, appkey: token.appkey });
  const sentences = new Map<number, string>();
  const framer = new PcmFramer();
  const transcript = () =>
    [...sentences.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, text]) => text)
      .join('');
  let stopped: { resolve: (text: string) => void; reject: (error: Error) => void } | null = null;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  let finished = false;

  return new Promise<Transcriber>((resolveStart, rejectStart) => {
    let started = false;
    const socket = openSocket(gatewayUrl(token.url, token.token));
    socket.binaryType = 'arraybuffer';

    const end = (error: Error | null, text = '') => {
      if (finished) return;
      finished = true;
      clearTimeout(stopTimer);
      if (socket.readyState === OPEN) socket.close(1000);
      if (!started) {
        rejectStart(error ?? new TranscriptionFailed('closed before start', null));
        return;
      }
      if (stopped) {
        if (error) stopped.reject(error);
        else stopped.resolve(text);
      }
    };

    const transcriber: Transcriber = {
      send(pcm) {
        if (finished || stopped || socket.readyState !== OPEN) return;
        for (const frame of framer.push(pcm)) socket.send(frame);
      },
      stop() {
        if (finished) return Promise.reject(new TranscriptionFailed('already finished', null));
        return new Promise<string>((resolve, reject) => {
          stopped = { resolve, reject };
          for (const frame of framer.flush()) socket.send(frame);
          socket.send(instruction('StopTranscription', ids()));
          stopTimer = setTimeout(() => {
            end(new TranscriptionFailed('no result in time', null));
          }, STOP_TIMEOUT_MS);
        });
      },
      abort() {
        end(new TranscriptionFailed('aborted', null));
      },
    };

    socket.onopen = () => {
      socket.send(
        instruction('StartTranscription', ids(), {
          format: 'pcm',
          sample_rate: NLS_SAMPLE_RATE,
          enable_intermediate_result: true,
          enable_punctuation_prediction: true,
          enable_inverse_text_normalization: true,
        }),
      );
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const message = parseNlsMessage(event.data);
      if (message === null) return;
      const { name, status, status_text: statusText } = message.header;
      const payload = message.payload ?? {};
      switch (name) {
        case 'TranscriptionStarted':
          started = true;
          resolveStart(transcriber);
          return;
        case 'TranscriptionResultChanged':
        case 'SentenceEnd':
          sentences.set(payload.index ?? 1, payload.result ?? '');
          onTranscript(transcript());
          return;
        case 'TranscriptionCompleted':
          end(null, transcript());
          return;
        case 'TaskFailed':
          end(new TranscriptionFailed(statusText ?? 'TaskFailed', status ?? null));
          return;
        default:
          return;
      }
    };
    socket.onerror = () => {
      end(new TranscriptionFailed('connection error', null));
    };
    socket.onclose = () => {
      end(new TranscriptionFailed('connection closed', null));
    };
  });
}

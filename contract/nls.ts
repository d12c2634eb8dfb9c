/**
 * Alibaba Cloud's real-time speech recognition WebSocket protocol (NLS "SpeechTranscriber"), the
 * part the voice recorder uses: the token travels in the gateway URL (`?token=`), instructions
 * (StartTranscription, StopTranscription) and events are JSON text frames with a header and a
 * payload, audio is 16 kHz mono 16-bit little-endian PCM in binary frames. Pure: no DOM, no Node.
 * See docs/voice.md for the sources and the sequence.
 */

export const NLS_NAMESPACE = 'SpeechTranscriber';
/** The namespace of a TaskFailed event. */
export const NLS_DEFAULT_NAMESPACE = 'Default';
export const NLS_SAMPLE_RATE = 16000;
/** Bytes per second of 16 kHz mono 16-bit PCM. */
export const NLS_BYTES_PER_SECOND = NLS_SAMPLE_RATE * 2;
/** The audio frame size the service documents (100 ms of 16 kHz PCM). */
export const NLS_FRAME_BYTES = 3200;

export type NlsInstruction = 'StartTranscription' | 'StopTranscription';
export type NlsEventName =
  | 'TranscriptionStarted'
  | 'SentenceBegin'
  | 'TranscriptionResultChanged'
  | 'SentenceEnd'
  | 'TranscriptionCompleted'
  | 'TaskFailed';

/** Status codes (header.status). */
export const NLS_STATUS = {
  success: 20000000,
  /** Default client error. */
  clientError: 40000000,
  /** Authentication failed: the token is missing, invalid, expired or used. */
  accessDenied: 40000001,
  /** Invalid message (not JSON, wrong header, an instruction out of order). */
  invalidMessage: 40000002,
  /** Invalid parameter (format, sample rate, appkey). */
  invalidParameter: 40000003,
  /** Idle timeout: no data from the client for too long. */
  idleTimeout: 40000004,
  /** Internal server error (here: no recogniser for the language). */
  serverError: 50000000,
} as const;

export interface NlsHeader {
  message_id: string;
  task_id: string;
  namespace: string;
  name: string;
  appkey?: string;
  status?: number;
  status_message?: string;
  status_text?: string;
}

export interface NlsMessage<P = Record<string, unknown>> {
  header: NlsHeader;
  payload?: P;
}

export interface StartTranscriptionPayload {
  format?: string;
  sample_rate?: number;
  enable_intermediate_result?: boolean;
  enable_punctuation_prediction?: boolean;
  enable_inverse_text_normalization?: boolean;
}

export interface NlsResultPayload {
  index?: number;
  time?: number;
  begin_time?: number;
  result?: string;
  confidence?: number;
}

/** A 32-character hexadecimal id, as message_id and task_id must be. */
export function nlsId(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const HEX_ID = /^[0-9a-f]{32}$/;

export function isNlsId(value: unknown): value is string {
  return typeof value === 'string' && HEX_ID.test(value);
}

export function instruction(
  name: NlsInstruction,
  ids: { messageId: string; taskId: string; appkey: string },
  payload?: StartTranscriptionPayload,
): string {
  const message: NlsMessage<StartTranscriptionPayload> = {
    header: {
      message_id: ids.messageId,
      task_id: ids.taskId,
      namespace: NLS_NAMESPACE,
      name,
      appkey: ids.appkey,
    },
  };
  if (payload) message.payload = payload;
  return JSON.stringify(message);
}

export function gatewayUrl(base: string, token: string): string {
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}token=${encodeURIComponent(token)}`;
}

/** Parses a text frame into a message; null when it is not one. */
export function parseNlsMessage(text: string): NlsMessage<NlsResultPayload> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const header = (value as { header?: unknown }).header;
  if (typeof header !== 'object' || header === null) return null;
  const { name, task_id: taskId } = header as { name?: unknown; task_id?: unknown };
  if (typeof name !== 'string' || typeof taskId !== 'string') return null;
  return value as NlsMessage<NlsResultPayload>;
}

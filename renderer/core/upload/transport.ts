import type { UploadedFileInfo, UploadErrorType } from '../../../contract/upload';
import type { PlannedChunk } from './chunk-plan';
import { Limiter } from './limiter';
import { withRetry, type RetryPolicy } from './retry';
import type { ChunkCheck, InstantCheck, UploadApi } from './upload-api';
import { toUploadError, UploadError } from './upload-error';

/**
 * The transport of an upload (spec §7 calls): the second-upload check, one request or chunks
 * (each asked about first, so chunks the server has are skipped) with bounded concurrency, and
 * the merge; retries with backoff for network errors and 5xx only. It keeps no state of its own
 * but the chunk limiter: the queue (upload-queue.ts) decides when to call it and turns what it
 * reports into the figures the list shows.
 */
export interface UploadTransport {
  /** Spec §7 second_upload_check: the server's file when it already has this one, else null. */
  check(target: UploadTarget, signal: AbortSignal): Promise<UploadedFileInfo | null>;
  /** The whole file in one request. */
  sendSingle(
    target: UploadTarget,
    signal: AbortSignal,
    progress: SingleProgress,
  ): Promise<UploadedFileInfo>;
  /** The chunks the server does not have yet; the first that fails for good stops the others. */
  sendChunks(
    target: UploadTarget,
    chunks: readonly PlannedChunk[],
    signal: AbortSignal,
    progress: ChunkProgress,
  ): Promise<void>;
  /** Spec §7 merge_file: joins `chunks` chunks into the file. */
  merge(target: UploadTarget, chunks: number, signal: AbortSignal): Promise<UploadedFileInfo>;
}

/** One file as the server knows it. */
export interface UploadTarget {
  file: File;
  md5: string;
  uid: string;
  serverId: string;
  chunkSize: number;
  /** Sent as fileUpload with a single request when not null (spec §7). */
  fileUpload: string | null;
}

/** What a single request reports while it travels. */
export interface SingleProgress {
  /** `bytes` of the file have been sent by the current attempt. */
  sending(bytes: number): void;
  /** The attempt failed and is tried again: its bytes are not on the server. */
  retrying(): void;
}

/** What chunks report while they travel; `chunk` is a chunk's index. */
export interface ChunkProgress {
  /** `bytes` of the chunk have been sent by its current attempt. */
  sending(chunk: number, bytes: number): void;
  /** The chunk's attempt failed and is tried again: its bytes are not on the server. */
  retrying(chunk: number): void;
  /** The chunk's `bytes` are on the server: sent now, or found there and skipped. */
  settled(chunk: number, bytes: number, how: 'sent' | 'skipped'): void;
}

export interface TransportOptions {
  api: UploadApi;
  retry: RetryPolicy;
  random: () => number;
  /** Chunk requests in flight at once, for every upload of this transport together. */
  chunkConcurrency: number;
  /** Spec §3: the field name of the file in a single upload. */
  fileField: string;
  /** Spec §7: the extra data sent with the second-upload check. */
  extraData?: Record<string, string> | undefined;
  /** Resolves once the browser is online again (or the signal aborts): retries wait for it. */
  waitUntilOnline(signal: AbortSignal): Promise<void>;
}

type ChunkQuestion = Omit<ChunkCheck, 'chunk'>;

/** How the second-upload check and the merge name the file. */
function identify(target: UploadTarget): InstantCheck {
  return {
    md5: target.md5,
    name: target.file.name,
    size: target.file.size,
    serverid: target.serverId,
    uid: target.uid,
  };
}

export function createUploadTransport(options: TransportOptions): UploadTransport {
  const { api } = options;
  const chunkLimiter = new Limiter(options.chunkConcurrency);
  const isRetryable = (error: unknown) => error instanceof UploadError && error.retryable;
  const hooks = (signal: AbortSignal) => ({
    signal,
    random: options.random,
    waitUntilOnline: () => options.waitUntilOnline(signal),
  });

  /** One call with the retry policy: only retryable failures are tried again. */
  function attempt<T>(
    call: () => Promise<T>,
    type: UploadErrorType,
    signal: AbortSignal,
    onRetry?: () => void,
  ): Promise<T> {
    return withRetry(
      async () => {
        try {
          return await call();
        } catch (error) {
          throw toUploadError(type, error);
        }
      },
      isRetryable,
      options.retry,
      { ...hooks(signal), ...(onRetry ? { onRetry } : {}) },
    );
  }

  /**
   * One chunk: ask the server whether it has it (spec §7 block_upload_check), send it if not.
   * The first attempt takes the answer asked ahead, when there is one. A retry asks again
   * first, so a chunk the server got before the connection broke is not sent twice.
   */
  async function sendChunk(
    target: UploadTarget,
    chunk: PlannedChunk,
    question: ChunkQuestion,
    firstAnswer: Promise<boolean> | undefined,
    signal: AbortSignal,
    progress: ChunkProgress,
  ): Promise<void> {
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    let asked = firstAnswer;
    await withRetry(
      async () => {
        let exists: boolean;
        try {
          const answer =
            asked ?? api.blockUploadCheck({ ...question, chunk: chunk.index }, { signal });
          asked = undefined;
          exists = await answer;
        } catch (error) {
          throw toUploadError('checkchunkerror', error);
        }
        if (exists) {
          progress.settled(chunk.index, chunk.size, 'skipped');
          return;
        }
        try {
          await api.uploadChunk(
            {
              ...question,
              chunk: chunk.index,
              eachSize: target.chunkSize,
              blob: target.file.slice(chunk.start, chunk.end),
            },
            {
              signal,
              onUploadProgress: (loaded, total) => {
                const sent = total > 0 ? Math.min(chunk.size, (chunk.size * loaded) / total) : 0;
                progress.sending(chunk.index, sent);
              },
            },
          );
        } catch (error) {
          throw toUploadError('uploaderror', error);
        }
        progress.settled(chunk.index, chunk.size, 'sent');
      },
      isRetryable,
      options.retry,
      {
        ...hooks(signal),
        onRetry: () => {
          progress.retrying(chunk.index);
        },
      },
    );
  }

  return {
    check(target, signal) {
      return attempt(
        () =>
          api.secondUploadCheck(
            {
              ...identify(target),
              ...(options.extraData ? { extra: options.extraData } : {}),
            },
            { signal },
          ),
        'checkerror',
        signal,
      );
    },

    sendSingle(target, signal, progress) {
      const { file } = target;
      return attempt(
        () =>
          api.uploadSingle(
            {
              file,
              fileName: file.name,
              fieldName: options.fileField,
              uid: target.uid,
              md5: target.md5,
              serverid: target.serverId,
              ...(target.fileUpload === null ? {} : { fileUpload: target.fileUpload }),
            },
            {
              signal,
              onUploadProgress: (loaded, total) => {
                progress.sending(total > 0 ? (file.size * loaded) / total : 0);
              },
            },
          ),
        'uploaderror',
        signal,
        () => {
          progress.retrying();
        },
      );
    },

    async sendChunks(target, chunks, outer, progress) {
      const { file } = target;
      // A chunk that fails for good stops its siblings; a pause or cancel stops them all.
      const inner = new AbortController();
      const stopInner = () => {
        inner.abort();
      };
      outer.addEventListener('abort', stopInner, { once: true });
      const pending = [...chunks];
      const lanes = Math.min(options.chunkConcurrency, chunks.length);
      const question: ChunkQuestion = {
        md5: target.md5,
        size: file.size,
        chunks: chunks.length,
        name: file.name,
        uid: target.uid,
      };
      // Each chunk's first check is asked ahead, for as many chunks as there are lanes: while
      // the lanes send, the answers for the chunks they take next are already on their way, so
      // no lane sits idle waiting for one. The chunk's lane awaits (and reports) its answer.
      const ahead = new Map<number, Promise<boolean>>();
      const askAhead = () => {
        for (const next of pending.slice(0, lanes)) {
          if (ahead.has(next.index) || inner.signal.aborted) continue;
          const answer = api.blockUploadCheck(
            { ...question, chunk: next.index },
            { signal: inner.signal },
          );
          answer.catch(() => undefined);
          ahead.set(next.index, answer);
        }
      };
      // Written by the lanes (closures): kept in an object so the compiler does not assume null.
      const outcome: { failure: Error | null } = { failure: null };
      const lane = async () => {
        for (let chunk = pending.shift(); chunk; chunk = pending.shift()) {
          if (inner.signal.aborted) return;
          const current = chunk;
          const firstAnswer = ahead.get(current.index);
          ahead.delete(current.index);
          askAhead();
          try {
            await chunkLimiter.run(() =>
              sendChunk(target, current, question, firstAnswer, inner.signal, progress),
            );
          } catch (error) {
            outcome.failure ??= error instanceof Error ? error : new Error(String(error));
            inner.abort();
            return;
          }
        }
      };
      try {
        await Promise.all(Array.from({ length: lanes }, lane));
      } finally {
        outer.removeEventListener('abort', stopInner);
      }
      if (outcome.failure) throw outcome.failure;
      if (outer.aborted) throw new DOMException('Aborted', 'AbortError');
    },

    merge(target, chunks, signal) {
      return attempt(
        () => api.mergeFile({ ...identify(target), chunks }, { signal }),
        'chunkmerge',
        signal,
      );
    },
  };
}

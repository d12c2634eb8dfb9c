import { MD5_BLOCK_SIZE } from '../../../contract/upload';
import { createMd5Hasher, hashBlob, type Md5Engine, type Md5Preference } from './md5-engine';
import type { ReadMode } from './blob-blocks';
import type { HashReply, HashRequest } from './md5-protocol';

export interface HashOptions {
  /** Spec §9: the MD5 read block, 2 MB. */
  blockSize?: number;
  engine?: Md5Preference;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
  /** false hashes in the page (in slices, yielding between blocks); tests and odd hosts. */
  useWorker?: boolean;
}

export interface HashResult {
  md5: string;
  engine: Md5Engine;
  /** Where the hashing ran. */
  inWorker: boolean;
  /** How the file was read (`blobBlocks`). */
  reading: ReadMode;
}

/** The User Timing entry each hash leaves (read by the benchmark; costs nothing otherwise). */
export const HASH_MEASURE = 'edudesk-upload-md5';

function abortError(): DOMException {
  return new DOMException('Hashing aborted', 'AbortError');
}

function yieldToPage(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Hashes in the page: block by block, giving the event loop back between blocks. */
export async function hashInPage(blob: Blob, options: HashOptions = {}): Promise<HashResult> {
  const hasher = await createMd5Hasher(options.engine ?? 'auto');
  const { md5, reading } = await hashBlob(
    blob,
    hasher,
    options.blockSize ?? MD5_BLOCK_SIZE,
    async (loaded) => {
      options.onProgress?.(loaded, blob.size);
      await yieldToPage();
    },
    () => options.signal?.aborted === true,
  );
  return { md5, engine: hasher.engine, inWorker: false, reading };
}

interface Job {
  request: HashRequest;
  resolve: (result: HashResult) => void;
  reject: (error: unknown) => void;
  onProgress: ((loaded: number, total: number) => void) | undefined;
}

/**
 * One MD5 worker for the page, running one job at a time (hashing is bound by one core; the
 * other stays free for the page and the network). Aborting the running job terminates the
 * worker, which stops the work at once; the next job starts a new one.
 */
class Md5WorkerClient {
  private worker: Worker | null = null;
  private running: Job | null = null;
  private readonly waiting: Job[] = [];
  private nextId = 1;
  /** Set when a worker cannot be created or loaded here: hash in the page instead. */
  unavailable = false;

  run(blob: Blob, options: HashOptions): Promise<HashResult> {
    return new Promise<HashResult>((resolve, reject) => {
      const job: Job = {
        request: {
          type: 'hash',
          id: this.nextId++,
          blob,
          blockSize: options.blockSize ?? MD5_BLOCK_SIZE,
          engine: options.engine ?? 'auto',
        },
        resolve,
        reject,
        onProgress: options.onProgress,
      };
      options.signal?.addEventListener(
        'abort',
        () => {
          this.abort(job);
        },
        { once: true },
      );
      this.waiting.push(job);
      this.pump();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      this.onReply(event.data);
    };
    worker.onerror = (event) => {
      // The script did not load or crashed: this job and the next are hashed in the page.
      event.preventDefault();
      this.unavailable = true;
      this.dispose();
      const job = this.running;
      this.running = null;
      if (job) {
        hashInPage(job.request.blob, {
          blockSize: job.request.blockSize,
          engine: job.request.engine,
          ...(job.onProgress ? { onProgress: job.onProgress } : {}),
        }).then(job.resolve, job.reject);
      }
      this.pump();
    };
    return worker;
  }

  private pump(): void {
    if (this.running !== null) return;
    const job = this.waiting.shift();
    if (!job) return;
    if (this.unavailable) {
      hashInPage(job.request.blob, {
        blockSize: job.request.blockSize,
        engine: job.request.engine,
        ...(job.onProgress ? { onProgress: job.onProgress } : {}),
      }).then(job.resolve, job.reject);
      this.pump();
      return;
    }
    try {
      this.worker ??= this.spawn();
    } catch {
      this.unavailable = true;
      this.waiting.unshift(job);
      this.pump();
      return;
    }
    this.running = job;
    this.worker.postMessage(job.request);
  }

  private onReply(reply: HashReply): void {
    const job = this.running;
    if (job?.request.id !== reply.id) return;
    if (reply.type === 'progress') {
      job.onProgress?.(reply.loaded, job.request.blob.size);
      return;
    }
    this.running = null;
    if (reply.type === 'done')
      job.resolve({ md5: reply.md5, engine: reply.engine, inWorker: true, reading: reply.reading });
    else job.reject(new Error(reply.message));
    this.pump();
  }

  private abort(job: Job): void {
    const index = this.waiting.indexOf(job);
    if (index >= 0) this.waiting.splice(index, 1);
    if (this.running === job) {
      this.running = null;
      this.dispose();
    }
    job.reject(abortError());
    this.pump();
  }

  private dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}

let client: Md5WorkerClient | null = null;

/**
 * The MD5 of a file (spec §4 checksum), read in 2 MB blocks in a Web Worker; the page's main
 * thread only receives progress. Where no worker can run, the page hashes in slices instead.
 */
export async function hashFile(blob: Blob, options: HashOptions = {}): Promise<HashResult> {
  if (options.signal?.aborted === true) throw abortError();
  const started = performance.now();
  const inWorker = options.useWorker !== false && typeof Worker !== 'undefined';
  let result: HashResult;
  if (inWorker) {
    client ??= new Md5WorkerClient();
    result = await client.run(blob, options);
  } else {
    result = await hashInPage(blob, options);
  }
  try {
    performance.measure(HASH_MEASURE, {
      start: started,
      end: performance.now(),
      detail: {
        engine: result.engine,
        bytes: blob.size,
        inWorker: result.inWorker,
        reading: result.reading,
      },
    });
  } catch {
    // User Timing is a diagnostic; an engine without it loses nothing.
  }
  return result;
}

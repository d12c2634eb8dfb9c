import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  isMainThread,
  parentPort,
  Worker,
  type ResourceLimits,
  type Transferable,
} from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU-heavy jobs (table export, face recognition), so a
 * request never runs them on the event loop. Bounded on every side: at most `maxWorkers`
 * threads, one job per thread at a time, at most `maxQueued` jobs waiting (more are refused at
 * once with WorkerPoolBusyError), and a time limit per job after which its thread is terminated
 * (WorkerJobTimeoutError) and a fresh one started for the next job.
 */

/** How to start a worker: a file, or (from the sources) a bootstrap script to evaluate. */
export interface WorkerEntry {
  filename: URL | string;
  eval: boolean;
}

/** tsx's ES module API (register), as its export map names it for `import`. */
function tsxEsmApi(moduleUrl: string): string {
  const manifest = createRequire(moduleUrl).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } } | string>;
  };
  const api = exports['./esm/api'];
  const file = typeof api === 'object' ? api.import?.default : undefined;
  if (!file) throw new Error('tsx/esm/api has no ES module entry');
  return path.join(path.dirname(manifest), file);
}

/**
 * The entry file `name` beside the calling module, under the three ways the server runs:
 * - compiled (`npm start`, dist/server/main.mjs): scripts/build-server.mjs emits every worker
 *   as dist/server/<name>.mjs, beside main.mjs;
 * - from the sources (tsx, vitest): server/<folder>/<name>.ts. Node does not apply loader hooks
 *   given by --import to a worker's entry file, so a small script registers tsx's loader in the
 *   thread and then imports the entry.
 */
export function workerEntry(moduleUrl: string, name: string): WorkerEntry {
  if (!/\.[cm]?tsx?$/.test(new URL(moduleUrl).pathname)) {
    return { filename: new URL(`./${name}.mjs`, moduleUrl), eval: false };
  }
  const tsxApi = pathToFileURL(tsxEsmApi(moduleUrl)).href;
  const entry = new URL(`./${name}.ts`, moduleUrl).href;
  return {
    filename: [
      `import(${JSON.stringify(tsxApi)})`,
      `.then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
      '.catch((error) => { process.nextTick(() => { throw error; }); });',
    ].join(''),
    eval: true,
  };
}

export interface WorkerPoolOptions {
  entry: WorkerEntry;
  /** Thread name prefix (shown in diagnostics). */
  name: string;
  maxWorkers: number;
  /** Jobs that may wait for a thread; beyond this run() rejects with WorkerPoolBusyError. */
  maxQueued: number;
  /** From the moment a started thread takes the job. */
  jobTimeoutMs: number;
  /** A new thread that has not loaded its entry by then is ended (default 30 s). */
  startupTimeoutMs?: number;
  /** An idle thread is ended after this long (its memory returned); undefined: kept. */
  idleTimeoutMs?: number;
  resourceLimits?: ResourceLimits;
  /** Data every thread receives as workerData. */
  workerData?: unknown;
}

/** All threads are busy and the queue is full. */
export class WorkerPoolBusyError extends Error {
  override readonly name = 'WorkerPoolBusyError';
}

/** The job ran past its time limit; its thread was terminated. */
export class WorkerJobTimeoutError extends Error {
  override readonly name = 'WorkerJobTimeoutError';
}

/** The thread died (crash, out of memory, failed to start) or the pool was closed. */
export class WorkerFailedError extends Error {
  override readonly name = 'WorkerFailedError';
}

/** The job's own error, thrown in the thread: its name and message are kept. */
export class WorkerJobError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerJobError';
  }
}

interface JobRequest {
  id: number;
  payload: unknown;
}

/** The first message of a thread: its entry is loaded and it takes jobs. */
const READY = 'ready';

type JobReply =
  | typeof READY
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string } };

interface Job {
  id: number;
  payload: unknown;
  transfer: readonly Transferable[];
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

export class WorkerPool<Payload, Result> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Threads started so far (for tests and diagnostics). */
  started = 0;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs one job in a thread; the payload is copied (or its `transfer` list moved). */
  run(payload: Payload, transfer: readonly Transferable[] = []): Promise<Result> {
    if (this.closed) return Promise.reject(new WorkerFailedError('the worker pool is closed'));
    const idle = [...this.slots].find((slot) => !slot.job);
    const canStart = this.slots.size < this.options.maxWorkers;
    if (!idle && !canStart && this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new WorkerPoolBusyError(`${this.options.name}: all workers are busy`));
    }
    return new Promise<Result>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        payload,
        transfer,
        resolve: resolve as (result: unknown) => void,
        reject,
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Jobs waiting for a thread. */
  get queued(): number {
    return this.queue.length;
  }

  /** Threads alive now. */
  get threads(): number {
    return this.slots.size;
  }

  /** Terminates every thread; running and waiting jobs reject with WorkerFailedError. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new WorkerFailedError('the worker pool is closed');
    for (const job of this.queue.splice(0)) job.reject(error);
    await Promise.all([...this.slots].map((slot) => this.retire(slot, error)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = [...this.slots].find((candidate) => !candidate.job);
      if (!slot) {
        if (this.slots.size >= this.options.maxWorkers) return;
        slot = this.spawn();
      }
      const job = this.queue.shift();
      if (!job) return;
      this.assign(slot, job);
    }
  }

  private spawn(): Slot {
    const { entry, name, resourceLimits, workerData } = this.options;
    this.started += 1;
    const worker = new Worker(entry.filename, {
      eval: entry.eval,
      name: `${name}-${String(this.started)}`,
      workerData,
      ...(resourceLimits ? { resourceLimits } : {}),
    });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    const startupMs = this.options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
    slot.timer = setTimeout(() => {
      void this.retire(
        slot,
        new WorkerFailedError(`${name} worker did not start in ${String(startupMs)} ms`),
      );
    }, startupMs);
    worker.on('message', (reply: JobReply) => {
      if (reply === READY) {
        slot.ready = true;
        clearTimeout(slot.timer);
        if (slot.job) this.startTimer(slot);
        return;
      }
      this.settle(slot, reply);
    });
    worker.on('error', (error) => {
      void this.retire(slot, new WorkerFailedError(`${name} worker failed: ${error.message}`));
    });
    worker.on('exit', (code) => {
      void this.retire(slot, new WorkerFailedError(`${name} worker exited with ${String(code)}`));
    });
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    slot.job = job;
    // A thread with work keeps the process alive; an idle one does not.
    slot.worker.ref();
    // A thread still loading its entry is under the startup limit; the job's starts when ready.
    if (slot.ready) this.startTimer(slot);
    const request: JobRequest = { id: job.id, payload: job.payload };
    try {
      slot.worker.postMessage(request, job.transfer);
    } catch (error) {
      void this.retire(
        slot,
        new WorkerFailedError(error instanceof Error ? error.message : 'postMessage failed'),
      );
    }
  }

  private startTimer(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      void this.retire(
        slot,
        new WorkerJobTimeoutError(
          `${this.options.name}: the job ran over ${String(this.options.jobTimeoutMs)} ms`,
        ),
      );
    }, this.options.jobTimeoutMs);
  }

  private settle(slot: Slot, reply: Exclude<JobReply, typeof READY>): void {
    const job = slot.job;
    if (job?.id !== reply.id) return;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
    if (reply.ok) job.resolve(reply.result);
    else job.reject(new WorkerJobError(reply.error.name, reply.error.message));
    if (this.options.idleTimeoutMs !== undefined && !this.closed) {
      slot.idleTimer = setTimeout(() => {
        if (!slot.job) void this.retire(slot, new WorkerFailedError('idle'));
      }, this.options.idleTimeoutMs);
      slot.idleTimer.unref();
    }
    this.dispatch();
  }

  /** Ends a thread: its job (if any) rejects with `error`, waiting jobs go to other threads. */
  private async retire(slot: Slot, error: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const job = slot.job;
    slot.job = undefined;
    job?.reject(error);
    if (!this.closed) this.dispatch();
    await slot.worker.terminate();
  }
}

/** A worker entry's job: the result, and what of it to move instead of copy. */
export type JobHandler<Payload, Result> = (
  payload: Payload,
) => Promise<{ result: Result; transfer?: Transferable[] }>;

/**
 * The thread side: answers each job with `handle`'s result (posted with its `transfer` list),
 * or with the error's name and message. Call once in a worker entry file.
 */
export function serveJobs<Payload, Result>(handle: JobHandler<Payload, Result>): void {
  const port = parentPort;
  if (isMainThread || !port) throw new Error('serveJobs() runs in a worker thread only');
  port.on('message', (request: JobRequest) => {
    handle(request.payload as Payload).then(
      ({ result, transfer = [] }) => {
        const reply: JobReply = { id: request.id, ok: true, result };
        port.postMessage(reply, transfer);
      },
      (error: unknown) => {
        const reply: JobReply = {
          id: request.id,
          ok: false,
          error:
            error instanceof Error
              ? { name: error.name, message: error.message }
              : { name: 'Error', message: String(error) },
        };
        port.postMessage(reply);
      },
    );
  });
  port.postMessage(READY);
}

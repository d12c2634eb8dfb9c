import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestJob, TestResult } from './worker-pool-test-worker';
import {
  WorkerFailedError,
  WorkerJobError,
  WorkerJobTimeoutError,
  WorkerPool,
  WorkerPoolBusyError,
  workerEntry,
  type WorkerPoolOptions,
} from './worker-pool';

/** Atomics.waitAsync (Node 16+), missing from the TypeScript library this project targets. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync: (
      array: Int32Array,
      index: number,
      value: number,
    ) => { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** A gate a 'hold' job waits on: slot 1 says the job started, slot 0 lets it finish. */
function createGate() {
  const buffer = new SharedArrayBuffer(8);
  const slots = new Int32Array(buffer);
  return {
    buffer,
    started: async () => {
      const waiting = waitAsync(slots, 1, 0);
      if (waiting.async) await waiting.value;
    },
    open: () => {
      Atomics.store(slots, 0, 1);
      Atomics.notify(slots, 0);
    },
  };
}

describe('WorkerPool', () => {
  const pools: WorkerPool<TestJob, TestResult>[] = [];
  function pool(options: Partial<WorkerPoolOptions> = {}) {
    const created = new WorkerPool<TestJob, TestResult>({
      entry: workerEntry(import.meta.url, 'worker-pool-test-worker'),
      name: 'test',
      maxWorkers: 1,
      maxQueued: 1,
      jobTimeoutMs: 30_000,
      ...options,
    });
    pools.push(created);
    return created;
  }
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((created) => created.close()));
  });

  it('runs jobs in another thread and moves transferred results', async () => {
    const jobs = pool();
    const workerThread = await jobs.run({ kind: 'thread' });
    expect(workerThread).not.toBe(threadId);
    const bytes = await jobs.run({ kind: 'transfer', size: 1024 });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect((bytes as Uint8Array).every((value) => value === 7)).toBe(true);
    expect(jobs.started).toBe(1);
  });

  it('keeps the calling thread free while a job runs, queues up to the limit, refuses beyond', async () => {
    const jobs = pool({ maxWorkers: 1, maxQueued: 1 });
    const gate = createGate();
    const held = jobs.run({ kind: 'hold', gate: gate.buffer });
    await gate.started();
    // The thread is held: this thread still runs, a second job waits, a third is refused.
    const queued = jobs.run({ kind: 'echo', value: 42 });
    expect(jobs.queued).toBe(1);
    await expect(jobs.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(WorkerPoolBusyError);
    gate.open();
    const heldThread = await held;
    expect(heldThread).not.toBe(threadId);
    expect(await queued).toBe(42);
    expect(jobs.started).toBe(1);
  });

  it('runs up to maxWorkers jobs at once, each in its own thread', async () => {
    const jobs = pool({ maxWorkers: 2, maxQueued: 0 });
    const first = createGate();
    const second = createGate();
    const a = jobs.run({ kind: 'hold', gate: first.buffer });
    const b = jobs.run({ kind: 'hold', gate: second.buffer });
    await Promise.all([first.started(), second.started()]);
    expect(jobs.threads).toBe(2);
    await expect(jobs.run({ kind: 'thread' })).rejects.toBeInstanceOf(WorkerPoolBusyError);
    first.open();
    second.open();
    const [threadA, threadB] = await Promise.all([a, b]);
    expect(threadA).not.toBe(threadB);
  });

  it('ends a job over its time limit with its thread, and starts a fresh thread after', async () => {
    const jobs = pool({ jobTimeoutMs: 300 });
    await expect(jobs.run({ kind: 'spin' })).rejects.toBeInstanceOf(WorkerJobTimeoutError);
    expect(await jobs.run({ kind: 'echo', value: 7 })).toBe(7);
    expect(jobs.started).toBe(2);
  });

  it('hands a job’s error back by name and message, and keeps the thread', async () => {
    const jobs = pool();
    const failure = await jobs.run({ kind: 'throw', message: 'bad job' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WorkerJobError);
    expect(failure).toMatchObject({ errorName: 'RangeError', message: 'bad job' });
    expect(await jobs.run({ kind: 'echo', value: 3 })).toBe(3);
    expect(jobs.started).toBe(1);
  });

  it('close() ends the threads and refuses running, waiting and later jobs', async () => {
    const jobs = pool({ maxWorkers: 1, maxQueued: 1 });
    const gate = createGate();
    const held = jobs.run({ kind: 'hold', gate: gate.buffer });
    await gate.started();
    const queued = jobs.run({ kind: 'echo', value: 1 });
    const refusals = Promise.all([
      expect(held).rejects.toBeInstanceOf(WorkerFailedError),
      expect(queued).rejects.toBeInstanceOf(WorkerFailedError),
    ]);
    await jobs.close();
    await refusals;
    await expect(jobs.run({ kind: 'echo', value: 2 })).rejects.toBeInstanceOf(WorkerFailedError);
    expect(jobs.threads).toBe(0);
  });

  it('finds the compiled worker beside the bundle, and the sources through tsx', () => {
    const compiled = workerEntry('file:///srv/app/dist/server/main.mjs', 'table-export-worker');
    expect(compiled).toEqual({
      filename: new URL('file:///srv/app/dist/server/table-export-worker.mjs'),
      eval: false,
    });
    const sources = workerEntry(import.meta.url, 'table-export-worker');
    expect(sources.eval).toBe(true);
    expect(String(sources.filename)).toMatch(/tsx.*\/server\/base\/table-export-worker\.ts/);
  });
});

import { threadId } from 'node:worker_threads';
import { serveJobs } from './worker-pool';

/**
 * A worker for server/base/worker-pool.test.ts only: each job says what to do, so the tests
 * can hold a thread (on a shared gate), overrun the time limit or fail, without timing.
 */
export type TestJob =
  | { kind: 'thread' }
  | { kind: 'echo'; value: number }
  /** Blocks until the gate's first slot is set to 1 (Atomics.notify). */
  | { kind: 'hold'; gate: SharedArrayBuffer }
  /** Never ends: only the time limit stops it. */
  | { kind: 'spin' }
  | { kind: 'throw'; message: string }
  | { kind: 'transfer'; size: number };

export type TestResult = number | Uint8Array;

serveJobs<TestJob, TestResult>((job) => {
  switch (job.kind) {
    case 'thread':
      return Promise.resolve({ result: threadId });
    case 'echo':
      return Promise.resolve({ result: job.value });
    case 'hold': {
      const gate = new Int32Array(job.gate);
      Atomics.store(gate, 1, 1);
      Atomics.notify(gate, 1);
      Atomics.wait(gate, 0, 0);
      return Promise.resolve({ result: threadId });
    }
    case 'spin':
      for (;;) {
        // Busy forever.
      }
    case 'throw':
      return Promise.reject(new RangeError(job.message));
    case 'transfer': {
      const bytes = new Uint8Array(job.size).fill(7);
      return Promise.resolve({ result: bytes, transfer: [bytes.buffer] });
    }
  }
});

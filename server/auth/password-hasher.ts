import os from 'node:os';
import { WorkerPool, WorkerPoolBusyError, workerEntry } from '../base/worker-pool';
import type { PasswordCost } from './password';

export type PasswordJob =
  | { kind: 'hash'; password: string; cost: PasswordCost }
  | { kind: 'verify'; password: string; stored: string };

/** Every hashing thread is busy and the queue is full: the sign-in is answered 503. */
export class HashingBusyError extends Error {
  override readonly name = 'HashingBusyError';
}

export interface HashingLimits {
  /** Threads hashing at once (EDUDESK_HASH_THREADS); one per core by default. */
  threads: number;
  /** Hashes that may wait for a thread (EDUDESK_HASH_QUEUE); one more is refused at once. */
  queued: number;
}

/** One thread per core; a queue of 32 per thread waits about a quarter second at most. */
export function defaultHashingLimits(): HashingLimits {
  const threads = Math.max(1, os.availableParallelism());
  return { threads, queued: 32 * threads };
}

/**
 * The pools of this process, one per size: the threads share the machine's cores whichever app
 * of the process asks (a server has one; the test suite many, which then start the threads once).
 */
const pools = new Map<string, WorkerPool<PasswordJob, string | boolean>>();

function poolOf(limits: HashingLimits): WorkerPool<PasswordJob, string | boolean> {
  const key = `${String(limits.threads)}/${String(limits.queued)}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new WorkerPool({
      entry: workerEntry(import.meta.url, 'password-worker'),
      name: 'password',
      maxWorkers: limits.threads,
      maxQueued: limits.queued,
      jobTimeoutMs: 30_000,
      // Idle threads end after a quiet minute (and never keep the process alive); the next
      // sign-in starts them again.
      idleTimeoutMs: 60_000,
    });
    pools.set(key, pool);
  }
  return pool;
}

/**
 * Password hashing and verification in the server's own bounded pool of threads, not on
 * libuv's four threads (which serve files, DNS and compression): a burst of sign-ins waits in
 * this queue or is refused, and a static file never waits behind a hash. argon2id at the default
 * cost takes about 13–16 ms of one core a hash (server/auth/password.ts).
 */
export class PasswordHasher {
  private readonly pool: WorkerPool<PasswordJob, string | boolean>;

  constructor(
    private readonly cost: PasswordCost,
    limits: HashingLimits,
  ) {
    this.pool = poolOf(limits);
  }

  /** Hashes and checks waiting for a thread (the pool is the process's, shared by its apps). */
  get queued(): number {
    return this.pool.queued;
  }

  /** A new hash of `password` at the server's cost. */
  async hash(password: string): Promise<string> {
    return (await this.run({ kind: 'hash', password, cost: this.cost })) as string;
  }

  /** True when `password` matches `stored` (argon2id or an older scrypt hash). */
  async verify(password: string, stored: string): Promise<boolean> {
    return (await this.run({ kind: 'verify', password, stored })) === true;
  }

  private async run(job: PasswordJob): Promise<string | boolean> {
    try {
      return await this.pool.run(job);
    } catch (error) {
      if (error instanceof WorkerPoolBusyError) throw new HashingBusyError(error.message);
      throw error;
    }
  }
}

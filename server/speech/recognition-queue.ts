import os from 'node:os';

/** How many speech recognitions may run and wait at once (docs/voice.md, "Load"). */
export interface RecognitionLimits {
  /** Recognitions running at once on the whole server. */
  concurrent: number;
  /** Recognitions of one user running at once. */
  concurrentPerUser: number;
  /** Recognitions waiting for their turn on the whole server; one more is refused. */
  queued: number;
  /** Recognitions of one user waiting for their turn; one more is refused. */
  queuedPerUser: number;
}

/** A user's recognitions running at once: a person has one voice button, a second is slack. */
export const CONCURRENT_PER_USER = 2;
/** A user's recognitions waiting at once. */
export const QUEUED_PER_USER = 2;
/** Waiting recognitions per running slot: a recognition takes about a second of one core. */
export const QUEUED_PER_SLOT = 4;

/**
 * The default limits. A recognition is one pocketsphinx process at a time, busy on one core
 * (server/speech/recogniser.ts), so one per core: more only slices the same cores thinner, every
 * recognition (and every other request) getting slower together. The queue holds four per slot,
 * a few seconds of work, well within the 15 s the recorder waits for a result
 * (renderer/features/voice/nls-client.ts).
 */
export function defaultRecognitionLimits(
  cores: number = os.availableParallelism(),
): RecognitionLimits {
  const concurrent = Math.max(1, Math.floor(cores));
  return {
    concurrent,
    concurrentPerUser: CONCURRENT_PER_USER,
    queued: QUEUED_PER_SLOT * concurrent,
    queuedPerUser: QUEUED_PER_USER,
  };
}

/** The queue is full (for the server or for this user): the recognition does not run. */
export class RecognitionRefused extends Error {}

/** The recognition was given up (its connection closed) while it waited: it never ran. */
export class RecognitionAbandoned extends Error {}

interface Waiter {
  user: number;
  start: () => void;
}

/**
 * Bounds the speech recognitions of the stand-in gateway: at most `concurrent` run on the server
 * and `concurrentPerUser` for one user; the others wait in arrival order (a waiter whose user is
 * at their limit lets the next user's waiter pass, so one user cannot hold everybody up); when
 * too many wait, a new one is refused at once.
 */
export class RecognitionQueue {
  private active = 0;
  private readonly activeByUser = new Map<number, number>();
  private readonly waiters: Waiter[] = [];

  constructor(readonly limits: RecognitionLimits) {}

  /** Recognitions running now. */
  get running(): number {
    return this.active;
  }

  /** Recognitions waiting for their turn now. */
  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * Runs `task` in its turn and answers what it answers: at once (called before this returns)
   * when a slot is free. Rejects with RecognitionRefused, at once, when the queue is full; with
   * RecognitionAbandoned when `signal` aborts before the turn came (the task never runs then).
   */
  run<T>(user: number, signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(new RecognitionAbandoned('abandoned'));
    // Every waiter is blocked by a limit (the queue moves whenever a slot frees), so one that
    // can start now passes nobody who could.
    if (this.canStart(user)) return this.start(user, task);
    const waitingOfUser = this.waiters.filter((waiter) => waiter.user === user).length;
    if (this.waiters.length >= this.limits.queued || waitingOfUser >= this.limits.queuedPerUser) {
      return Promise.reject(new RecognitionRefused('too many recognitions'));
    }
    return new Promise<T>((resolve, reject) => {
      const abandon = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new RecognitionAbandoned('abandoned'));
      };
      const waiter: Waiter = {
        user,
        start: () => {
          signal.removeEventListener('abort', abandon);
          this.start(user, task).then(resolve, reject);
        },
      };
      signal.addEventListener('abort', abandon, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Takes a slot and runs the task (called synchronously), freeing the slot when it settles. */
  private async start<T>(user: number, task: () => Promise<T>): Promise<T> {
    this.take(user);
    try {
      return await task();
    } finally {
      this.release(user);
    }
  }

  private canStart(user: number): boolean {
    return (
      this.active < this.limits.concurrent &&
      (this.activeByUser.get(user) ?? 0) < this.limits.concurrentPerUser
    );
  }

  private take(user: number): void {
    this.active += 1;
    this.activeByUser.set(user, (this.activeByUser.get(user) ?? 0) + 1);
  }

  private release(user: number): void {
    this.active -= 1;
    const left = (this.activeByUser.get(user) ?? 1) - 1;
    if (left > 0) this.activeByUser.set(user, left);
    else this.activeByUser.delete(user);
    this.dispatch();
  }

  /** Starts every waiter that can start now, first come first. */
  private dispatch(): void {
    let next = this.waiters.findIndex((waiter) => this.canStart(waiter.user));
    while (next >= 0) {
      const [waiter] = this.waiters.splice(next, 1);
      // Starting may settle synchronously and dispatch again: look again from the front.
      waiter?.start();
      next = this.waiters.findIndex((candidate) => this.canStart(candidate.user));
    }
  }
}

/**
 * Runs tasks one at a time per key, in arrival order. Used so that parallel sign-in attempts on
 * one account are checked against the throttle one after another: without it, a burst of
 * requests would all pass the check before the first failure is counted.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task);
    const tail = current.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}

interface Entry<T> {
  key: string;
  at: number;
  answer: Promise<T>;
  /** The answer once it has arrived (absent before, or after a failure). */
  arrived?: { value: T };
}

/**
 * One call started ahead of the code that needs its answer, handed over once: a page starts its
 * first calls the moment it knows enough, while it renders, instead of from that render's effects
 * (docs/performance.md, "Early calls"). The answer belongs to whoever takes it with the same
 * key (user and unit, page number) while it is fresh; anyone else gets a call of their own.
 */
export class Prefetch<T> {
  private entry: Entry<T> | null = null;

  /** `maxAgeMs`: an answer started longer ago than this is not handed over (fetched again). */
  constructor(
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps a call just started for the one who takes it; replaces an untaken one. */
  put(key: string, answer: Promise<T>): void {
    const entry: Entry<T> = { key, at: this.now(), answer };
    // Whoever takes it handles a failure; one left untaken must not be an unhandled rejection.
    answer.then(
      (value) => {
        entry.arrived = { value };
      },
      () => undefined,
    );
    this.entry = entry;
  }

  /** The kept call for this key (once, while fresh), else `fetch()`. */
  take(key: string, fetch: () => Promise<T>): Promise<T> {
    const kept = this.current(key);
    this.entry = null;
    return kept?.answer ?? fetch();
  }

  /** The kept call's answer when it has already arrived (not taken), else null. */
  peek(key: string): T | null {
    return this.current(key)?.arrived?.value ?? null;
  }

  /** The kept call for this key while it waits to be taken, else null. */
  pending(key: string): Promise<T> | null {
    return this.current(key)?.answer ?? null;
  }

  private current(key: string): Entry<T> | null {
    const entry = this.entry;
    if (entry?.key !== key || this.now() - entry.at > this.maxAgeMs) return null;
    return entry;
  }
}

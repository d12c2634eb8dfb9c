/**
 * The one cache of server state (docs/architecture.md, "Server state"): every call whose answer
 * the UI shows is asked for by a key (`['my-apps', userId, unitId]`), and the cache
 *   - dedupes: a second ask while the call is on its way shares it;
 *   - hands over: an answer started early (the boot, a sign-in) is read by the first render of
 *     the component that asks for the same key, while it is fresh (`staleMs`);
 *   - lets the latest request win: a refetch replaces the call in flight and aborts it;
 *   - cancels: a call nobody waits for any more (its component left) is aborted;
 *   - forgets: an answer nobody has watched for `gcMs` (5 minutes) is dropped, so a page left
 *     open all day keeps only what is on screen or was lately (TanStack Query's gcTime).
 * React components read it through useQuery (./use-query.ts); code outside React calls
 * `fetch`/`prefetch`/`getData` here, with a Query: the key and the call.
 */

/**
 * How long an answer started ahead of the page that shows it (by the boot, or at the sign-in of
 * a prerendered page) is drawn without a call of its own: time for the page to boot and render.
 */
export const HAND_OVER_MS = 10_000;

/**
 * How long an answer nobody listens to is kept (TanStack Query's gcTime default): back on a
 * dialog or page within it, the last answer is drawn at once while the new one is asked for.
 */
export const GC_MS = 5 * 60_000;

/** A key: the call's name and the arguments its answer depends on. */
export type QueryKey = readonly (string | number | boolean | null)[];

/** Makes the call; `signal` aborts it (the request client takes it as RequestOptions.signal). */
export type QueryFetcher<T> = (signal: AbortSignal) => Promise<T>;

/**
 * A call the cache knows: its key and how to make it. Features export functions that build them
 * (`myAppsQuery(userId, unitId)`), so every caller of one call uses one key.
 */
export interface Query<T> {
  key: QueryKey;
  fetch: QueryFetcher<T>;
}

export interface QueryState<T> {
  /** The last answer, or undefined before the first. */
  data: T | undefined;
  /** The last call's failure (cleared by a success). */
  error: unknown;
  status: 'pending' | 'success' | 'error';
  /** A call is on its way (the first one or a refetch). */
  fetching: boolean;
  /** When `data` arrived (ms since the epoch); 0 before. */
  updatedAt: number;
}

export interface FetchOptions {
  /** An answer younger than this is returned without a call (default 0: always call). */
  staleMs?: number;
  /** Abort the call in flight, if any, and start a new one: the latest request wins. */
  replace?: boolean;
}

interface Entry {
  /** Its key in the cache's map (hashKey). */
  hash: string;
  /** The last query asked for this key (to ask again when invalidated). */
  query: Query<unknown> | null;
  state: QueryState<unknown>;
  inFlight: { promise: Promise<unknown>; controller: AbortController } | null;
  listeners: Set<() => void>;
  /** The timer that drops the entry, running while nobody listens (`GC_MS`). */
  gcTimer: ReturnType<typeof setTimeout> | null;
}

const INITIAL: QueryState<never> = {
  data: undefined,
  error: undefined,
  status: 'pending',
  fetching: false,
  updatedAt: 0,
};

/** The cache's key for a QueryKey (keys are compared by value). */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key);
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof DOMException && error.name === 'AbortError');
}

export class QueryCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = () => Date.now(),
    /** An entry nobody listens to is dropped after this long; Infinity keeps every entry. */
    private readonly gcMs = GC_MS,
  ) {}

  /**
   * The answer for `key`: the cached one while younger than `staleMs`, the call on its way, or a
   * new call. Rejects with the call's error (an aborted call rejects with its abort error).
   */
  fetch<T>(query: Query<T>, options: FetchOptions = {}): Promise<T> {
    const entry = this.entry(hashKey(query.key));
    entry.query = query;
    const { staleMs = 0, replace = false } = options;
    if (!replace) {
      if (entry.inFlight !== null) return entry.inFlight.promise as Promise<T>;
      const { state } = entry;
      if (state.status === 'success' && this.now() - state.updatedAt < staleMs) {
        return Promise.resolve(state.data as T);
      }
    }
    entry.inFlight?.controller.abort();
    const controller = new AbortController();
    const promise = query.fetch(controller.signal).then(
      (data) => {
        if (entry.inFlight?.controller === controller) {
          entry.inFlight = null;
          this.update(entry, {
            data,
            error: undefined,
            status: 'success',
            fetching: false,
            updatedAt: this.now(),
          });
          this.scheduleGc(entry);
        }
        return data;
      },
      (error: unknown): Promise<unknown> => {
        // Replaced by a later call: whoever waited for this one gets that one's answer.
        const later = entry.inFlight;
        if (later !== null && later.controller !== controller && controller.signal.aborted) {
          return later.promise;
        }
        if (entry.inFlight?.controller === controller) {
          entry.inFlight = null;
          // An aborted call leaves what was shown; a failure is shown.
          this.update(
            entry,
            isAbort(error, controller.signal)
              ? { fetching: false }
              : { error, status: 'error', fetching: false },
          );
          this.scheduleGc(entry);
        }
        throw error;
      },
    ) as Promise<T>;
    entry.inFlight = { promise, controller };
    this.update(entry, { fetching: true });
    return promise;
  }

  /** Starts the call for `key` (as `fetch`) for whoever asks next; its failure is kept, not thrown. */
  prefetch(query: Query<unknown>, options: FetchOptions = {}): void {
    this.fetch(query, options).catch(() => undefined);
  }

  /** The answer for `key` when it has arrived (and is younger than `staleMs`), else undefined. */
  getData<T>(query: Query<T>, staleMs = Number.POSITIVE_INFINITY): T | undefined {
    const state = this.getState(query);
    if (state.status !== 'success' || this.now() - state.updatedAt >= staleMs) return undefined;
    return state.data;
  }

  /** The state of `key` (a stable object until it changes: useSyncExternalStore's snapshot). */
  getState<T>(query: Query<T>): QueryState<T> {
    return (this.entries.get(hashKey(query.key))?.state ?? INITIAL) as QueryState<T>;
  }

  /**
   * Resolves when the call for `key` has settled, or after `capMs` at the latest; at once when
   * none is on its way.
   */
  settled(query: Query<unknown>, capMs: number): Promise<void> {
    const inFlight = this.entries.get(hashKey(query.key))?.inFlight;
    if (!inFlight) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, capMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      inFlight.promise.then(done, done);
    });
  }

  /** Calls `listener` whenever the state of `key` changes; returns the unsubscribe. */
  subscribe(query: Query<unknown>, listener: () => void): () => void {
    const entry = this.entry(hashKey(query.key));
    entry.listeners.add(listener);
    this.cancelGc(entry);
    return () => {
      entry.listeners.delete(listener);
      this.scheduleGc(entry);
    };
  }

  /** Aborts the call for `key` when nobody listens to it any more (its component left). */
  release(query: Query<unknown>): void {
    const entry = this.entries.get(hashKey(query.key));
    if (!entry?.inFlight || entry.listeners.size > 0) return;
    entry.inFlight.controller.abort();
    // Whatever it answers now is nobody's: the next ask makes a call of its own.
    entry.inFlight = null;
    this.update(entry, { fetching: false });
    this.scheduleGc(entry);
  }

  /** After a change whose result the caller knows (a link removed): the new answer for `query`. */
  setData<T>(query: Query<T>, data: T): void {
    const entry = this.entry(hashKey(query.key));
    this.update(entry, { data, error: undefined, status: 'success', updatedAt: this.now() });
  }

  /**
   * After a change on the server (an item marked read): every answer whose key starts with
   * `prefix` is stale (the next ask calls), and those shown on screen are asked again at once.
   */
  invalidate(prefix: QueryKey): Promise<void> {
    const head = hashKey(prefix).slice(0, -1);
    const asked: Promise<unknown>[] = [];
    for (const [hash, entry] of this.entries) {
      if (hash !== `${head}]` && !hash.startsWith(`${head},`)) continue;
      this.update(entry, { updatedAt: Number.NEGATIVE_INFINITY });
      if (entry.listeners.size > 0 && entry.query !== null) {
        asked.push(this.fetch(entry.query, { replace: true }).catch(() => undefined));
      }
    }
    return Promise.all(asked).then(() => undefined);
  }

  /**
   * Forgets every answer and aborts every call (a sign-out; tests). A key someone still listens
   * to keeps its listeners, told that it is back to pending, so their next answer reaches them.
   */
  clear(): void {
    for (const [hash, entry] of this.entries) {
      entry.inFlight?.controller.abort();
      entry.inFlight = null;
      entry.query = null;
      if (entry.listeners.size === 0) {
        this.cancelGc(entry);
        this.entries.delete(hash);
      } else this.update(entry, INITIAL);
    }
  }

  private entry(hash: string): Entry {
    let entry = this.entries.get(hash);
    if (entry === undefined) {
      entry = {
        hash,
        query: null,
        state: INITIAL,
        inFlight: null,
        listeners: new Set(),
        gcTimer: null,
      };
      this.entries.set(hash, entry);
      // Asked for by code outside React (a prefetch) and never watched: dropped all the same.
      this.scheduleGc(entry);
    }
    return entry;
  }

  /**
   * (Re)starts the countdown that drops `entry` once nobody has listened to it for `gcMs`. A
   * call still on its way when it ends keeps the entry: its end starts the countdown again.
   */
  private scheduleGc(entry: Entry): void {
    this.cancelGc(entry);
    if (entry.listeners.size > 0 || !Number.isFinite(this.gcMs)) return;
    entry.gcTimer = setTimeout(() => {
      entry.gcTimer = null;
      if (entry.listeners.size > 0 || entry.inFlight !== null) return;
      if (this.entries.get(entry.hash) === entry) this.entries.delete(entry.hash);
    }, this.gcMs);
  }

  private cancelGc(entry: Entry): void {
    if (entry.gcTimer !== null) clearTimeout(entry.gcTimer);
    entry.gcTimer = null;
  }

  private update(entry: Entry, change: Partial<QueryState<unknown>>): void {
    entry.state = { ...entry.state, ...change };
    for (const listener of [...entry.listeners]) listener();
  }
}

/** The page's one cache. */
export const queryCache = new QueryCache();

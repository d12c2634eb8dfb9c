import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualQueries } from '../../../tests/support/manual-query';
import { QueryCache, type QueryKey } from './query-cache';

/** One query the test answers by hand, with the calls made for it. */
function manualQuery(key: QueryKey) {
  const { calls, query } = manualQueries();
  return { calls, query: query(key) };
}

function clock(start = 1_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('QueryCache', () => {
  it('shares one call among those who ask while it is on its way', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['a', 1]);
    const first = cache.fetch(query);
    // Another array with the same arguments is the same key.
    const second = cache.fetch({ ...query, key: ['a', 1] });
    expect(calls).toHaveLength(1);
    calls[0]?.resolve('answer');
    expect(await first).toBe('answer');
    expect(await second).toBe('answer');
    expect(cache.getState(query)).toMatchObject({
      status: 'success',
      data: 'answer',
      fetching: false,
    });
  });

  it('hands over an answer while younger than staleMs, then calls again', async () => {
    const time = clock();
    const cache = new QueryCache(time.now);
    const { query, calls } = manualQuery(['me']);
    cache.prefetch(query);
    calls[0]?.resolve('early');
    await Promise.resolve();
    expect(cache.getData(query)).toBe('early');
    expect(await cache.fetch(query, { staleMs: 10_000 })).toBe('early');
    expect(calls).toHaveLength(1);
    time.advance(10_000);
    expect(cache.getData(query, 10_000)).toBeUndefined();
    const again = cache.fetch(query, { staleMs: 10_000 });
    expect(calls).toHaveLength(2);
    calls[1]?.resolve('later');
    expect(await again).toBe('later');
    // Without staleMs every ask calls.
    void cache.fetch(query);
    expect(calls).toHaveLength(3);
  });

  it('lets the latest request win: the older call is aborted, its waiters get the newer answer', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['page', 2]);
    const older = cache.fetch(query);
    const newer = cache.fetch(query, { replace: true });
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    calls[1]?.resolve('fresh');
    expect(await older).toBe('fresh');
    expect(await newer).toBe('fresh');
    expect(cache.getState(query).data).toBe('fresh');
  });

  it('keeps a failure in the state and clears it with the next success', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['counts']);
    const failing = cache.fetch(query);
    calls[0]?.reject(new Error('offline'));
    await expect(failing).rejects.toThrow('offline');
    expect(cache.getState(query)).toMatchObject({ status: 'error', fetching: false });
    const retry = cache.fetch(query);
    calls[1]?.resolve('ok');
    await retry;
    expect(cache.getState(query)).toMatchObject({ status: 'success', error: undefined });
  });

  it('aborts a call nobody listens to any more, and leaves what was shown', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['licences']);
    const seen: string[] = [];
    const unsubscribe = cache.subscribe(query, () => {
      seen.push(cache.getState(query).fetching ? 'fetching' : 'idle');
    });
    const asked = cache.fetch(query);
    expect(seen).toEqual(['fetching']);
    // Still listened to: not aborted.
    cache.release(query);
    expect(calls[0]?.signal.aborted).toBe(false);
    unsubscribe();
    cache.release(query);
    expect(calls[0]?.signal.aborted).toBe(true);
    await expect(asked).rejects.toThrow('aborted');
    expect(cache.getState(query)).toMatchObject({ status: 'pending', fetching: false });
    // The next ask (a component mounted again) makes a call of its own.
    void cache.fetch(query).catch(() => undefined);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.signal.aborted).toBe(false);
  });

  it('settles: at once with nothing on its way, else when the call settles or the cap passes', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['icons']);
    await cache.settled(query, 60_000);
    cache.prefetch(query);
    let settled = false;
    const waiting = cache.settled(query, 60_000).then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    calls[0]?.reject(new Error('down'));
    await waiting;
    expect(settled).toBe(true);
    cache.prefetch(query);
    // A call that never answers is waited for `capMs` at most.
    await cache.settled(query, 5);
  });

  it('invalidates by prefix: stale for the next ask, asked again at once where shown', async () => {
    const cache = new QueryCache();
    const page1 = manualQuery(['todo-page', 1]);
    const page2 = manualQuery(['todo-page', 2]);
    const other = manualQuery(['todo-pages-elsewhere']);
    for (const { query, calls } of [page1, page2, other]) {
      const asked = cache.fetch(query);
      calls[0]?.resolve('v1');
      await asked;
    }
    const unsubscribe = cache.subscribe(page2.query, () => undefined);
    const done = cache.invalidate(['todo-page']);
    // The page on screen is asked again; the other page waits for its next ask.
    expect(page2.calls).toHaveLength(2);
    expect(page1.calls).toHaveLength(1);
    page2.calls[1]?.resolve('v2');
    await done;
    expect(cache.getData(page2.query)).toBe('v2');
    expect(cache.getData(page1.query)).toBeUndefined();
    expect(cache.getState(page1.query).data).toBe('v1');
    // A key that merely starts with the same letters is another call.
    expect(cache.getData(other.query)).toBe('v1');
    unsubscribe();
  });

  it('takes a new answer a caller already knows (setData), with its listeners told', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['links']);
    const asked = cache.fetch(query);
    calls[0]?.resolve('two links');
    await asked;
    let told = 0;
    const unsubscribe = cache.subscribe(query, () => {
      told += 1;
    });
    cache.setData(query, 'one link');
    expect(told).toBe(1);
    expect(cache.getData(query)).toBe('one link');
    expect(calls).toHaveLength(1);
    unsubscribe();
  });

  it('clear forgets every answer and aborts every call', () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['me']);
    cache.prefetch(query);
    cache.clear();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(cache.getState(query).status).toBe('pending');
  });

  it('clear keeps the listeners of a key: they hear its reset and its next answer', async () => {
    const cache = new QueryCache();
    const { query, calls } = manualQuery(['counts']);
    const asked = cache.fetch(query);
    calls[0]?.resolve('first user');
    await asked;
    const heard: (string | undefined)[] = [];
    const unsubscribe = cache.subscribe(query, () => {
      heard.push(cache.getState(query).data);
    });
    cache.clear();
    expect(cache.getData(query)).toBeUndefined();
    const again = cache.fetch(query);
    calls[1]?.resolve('second user');
    await again;
    expect(heard).toEqual([undefined, undefined, 'second user']);
    unsubscribe();
  });
});

describe('QueryCache forgets what nobody watches (gcMs)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const GC = 60_000;

  /** A cache whose clock is vitest's, with an answered entry for `key`. */
  async function answered(key: QueryKey) {
    vi.useFakeTimers();
    const cache = new QueryCache(() => Date.now(), GC);
    const { query, calls } = manualQuery(key);
    const asked = cache.fetch(query);
    calls[0]?.resolve('kept');
    await asked;
    return { cache, query, calls };
  }

  it('drops an answer nobody has watched for gcMs: the next ask calls again', async () => {
    const { cache, query, calls } = await answered(['paged-list', 'filter a', 7]);
    vi.advanceTimersByTime(GC - 1);
    expect(cache.getData(query)).toBe('kept');
    vi.advanceTimersByTime(1);
    expect(cache.getState(query)).toMatchObject({ status: 'pending', data: undefined });
    void cache.fetch(query, { staleMs: Number.POSITIVE_INFINITY });
    expect(calls).toHaveLength(2);
  });

  it('keeps an answer while it is watched, and counts gcMs from when it no longer is', async () => {
    const { cache, query } = await answered(['my-apps', 'u1']);
    const unsubscribe = cache.subscribe(query, () => undefined);
    vi.advanceTimersByTime(8 * 60 * 60_000);
    expect(cache.getData(query)).toBe('kept');
    unsubscribe();
    vi.advanceTimersByTime(GC - 1);
    expect(cache.getData(query)).toBe('kept');
    vi.advanceTimersByTime(1);
    expect(cache.getData(query)).toBeUndefined();
  });

  it('a watcher back before gcMs keeps the answer: the countdown is cancelled', async () => {
    const { cache, query } = await answered(['todo-page', 2]);
    const left = manualQuery(['todo-page', 3]);
    const asked = cache.fetch(left.query);
    left.calls[0]?.resolve('left');
    await asked;
    cache.subscribe(query, () => undefined)();
    cache.subscribe(left.query, () => undefined)();
    vi.advanceTimersByTime(GC - 1);
    const unsubscribe = cache.subscribe(query, () => undefined);
    vi.advanceTimersByTime(GC * 10);
    expect(cache.getData(query)).toBe('kept');
    // The page nobody came back to is gone.
    expect(cache.getData(left.query)).toBeUndefined();
    unsubscribe();
  });

  it('never drops a call on its way: its waiters get its answer, kept gcMs from then', async () => {
    vi.useFakeTimers();
    const cache = new QueryCache(() => Date.now(), GC);
    const { query, calls } = manualQuery(['counts']);
    const asked = cache.fetch(query);
    vi.advanceTimersByTime(GC * 3);
    // Another ask still shares the call on its way.
    const again = cache.fetch(query);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve('late');
    expect(await asked).toBe('late');
    expect(await again).toBe('late');
    expect(cache.getData(query)).toBe('late');
    vi.advanceTimersByTime(GC - 1);
    expect(cache.getData(query)).toBe('late');
    vi.advanceTimersByTime(1);
    expect(cache.getData(query)).toBeUndefined();
  });

  it('holds no more than what was watched lately after a day of pages', async () => {
    vi.useFakeTimers();
    const cache = new QueryCache(() => Date.now(), GC);
    const { query, calls } = manualQueries();
    // A page a minute, each seen for that minute, for eight hours.
    for (let page = 1; page <= 8 * 60; page += 1) {
      const shown = query(['paged-list', page]);
      const unsubscribe = cache.subscribe(shown, () => undefined);
      const asked = cache.fetch(shown);
      calls.at(-1)?.resolve(`page ${String(page)}`);
      await asked;
      vi.advanceTimersByTime(60_000);
      unsubscribe();
    }
    const kept = calls.filter(({ key }) => cache.getData(query(key)) !== undefined);
    expect(kept.map(({ key }) => key[1])).toEqual([480]);
  });
});

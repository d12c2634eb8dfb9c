import { describe, expect, it, vi } from 'vitest';
import { Prefetch } from './prefetch';

describe('Prefetch', () => {
  it('hands a kept call to the first taker with its key, once; others call themselves', async () => {
    const prefetch = new Prefetch<string>();
    prefetch.put('teacher01', Promise.resolve('kept'));
    const fetch = vi.fn(() => Promise.resolve('fresh'));
    await expect(prefetch.take('teacher02', fetch)).resolves.toBe('fresh');
    // A take with another key gets a call of its own and leaves nothing kept behind.
    expect(prefetch.pending('teacher01')).toBeNull();
    prefetch.put('teacher01', Promise.resolve('kept'));
    await expect(prefetch.take('teacher01', fetch)).resolves.toBe('kept');
    await expect(prefetch.take('teacher01', fetch)).resolves.toBe('fresh');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('peeks at an answer once it has arrived, not before and not after a failure', async () => {
    const prefetch = new Prefetch<string>();
    let answer: (value: string) => void = () => undefined;
    prefetch.put(
      'k',
      new Promise((resolve) => {
        answer = resolve;
      }),
    );
    expect(prefetch.peek('k')).toBeNull();
    answer('icons');
    await prefetch.pending('k');
    expect(prefetch.peek('k')).toBe('icons');
    expect(prefetch.peek('other')).toBeNull();

    const failure = Promise.reject(new Error('offline'));
    prefetch.put('k', failure);
    await failure.catch(() => undefined);
    expect(prefetch.peek('k')).toBeNull();
    // The taker gets the failure to handle.
    await expect(prefetch.take('k', () => Promise.resolve('fresh'))).rejects.toThrow('offline');
  });

  it('fetches again once the kept call is older than its freshness', async () => {
    let now = 1_000;
    const prefetch = new Prefetch<number>(10_000, () => now);
    prefetch.put('first', Promise.resolve(1));
    now += 10_000;
    expect(prefetch.pending('first')).not.toBeNull();
    now += 1;
    expect(prefetch.pending('first')).toBeNull();
    await expect(prefetch.take('first', () => Promise.resolve(2))).resolves.toBe(2);
  });

  it('never leaves an untaken failure unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      new Prefetch<string>().put('k', Promise.reject(new Error('nobody took it')));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

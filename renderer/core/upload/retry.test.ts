import { describe, expect, it } from 'vitest';
import { backoffDelay, sleep, withRetry } from './retry';

const policy = { retries: 3, baseDelayMs: 5, maxDelayMs: 40 };

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, with jitter between half and all', () => {
    const low = () => 0;
    const high = () => 0.999999;
    const full = { retries: 9, baseDelayMs: 1000, maxDelayMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(a, full, high))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect([1, 2, 3].map((a) => backoffDelay(a, full, low))).toEqual([500, 1000, 2000]);
  });
});

describe('withRetry', () => {
  it('retries retryable failures and succeeds', async () => {
    const retries: number[] = [];
    let calls = 0;
    const result = await withRetry(
      (attempt) => {
        calls += 1;
        if (attempt < 2) return Promise.reject(new Error('503'));
        return Promise.resolve('ok');
      },
      () => true,
      policy,
      { onRetry: (attempt) => retries.push(attempt) },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it('never retries an error outside the retryable set', async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new Error('400'));
        },
        () => false,
        policy,
      ),
    ).rejects.toThrow('400');
    expect(calls).toBe(1);
  });

  it("gives up after the policy's retries", async () => {
    let calls = 0;
    await expect(
      withRetry(
        () => {
          calls += 1;
          return Promise.reject(new Error('down'));
        },
        () => true,
        policy,
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(4);
  });

  it('stops waiting at once when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = withRetry(
      () => Promise.reject(new Error('down')),
      () => true,
      { retries: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 },
      { signal: controller.signal },
    );
    setTimeout(() => {
      controller.abort();
    }, 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(sleep(10, AbortSignal.abort())).rejects.toMatchObject({ name: 'AbortError' });
  });
});

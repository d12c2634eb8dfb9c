/** Retries with exponential backoff (as Uppy and tus do), for errors worth retrying only. */
export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 5, baseDelayMs: 1000, maxDelayMs: 30_000 };

/**
 * The wait before retry `attempt` (1-based): base·2^(attempt-1), capped, with "full jitter"
 * between half and all of it so many clients do not come back in step after an outage.
 */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Resolves after `ms`, or rejects with an AbortError as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryHooks {
  signal?: AbortSignal;
  /** Called before each wait, e.g. to roll back progress made by the failed attempt. */
  onRetry?: (attempt: number, delayMs: number, error: unknown) => void;
  /** Waits while this says so (offline) without spending an attempt. */
  waitUntilOnline?: () => Promise<void>;
  random?: () => number;
}

/** Runs `task` until it succeeds, fails with a non-retryable error, or runs out of attempts. */
export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  isRetryable: (error: unknown) => boolean,
  policy: RetryPolicy = DEFAULT_RETRY,
  hooks: RetryHooks = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (hooks.signal?.aborted === true || !isRetryable(error) || attempt >= policy.retries) {
        throw error;
      }
      const delay = backoffDelay(attempt + 1, policy, hooks.random);
      hooks.onRetry?.(attempt + 1, delay, error);
      await sleep(delay, hooks.signal);
      if (hooks.waitUntilOnline) await hooks.waitUntilOnline();
    }
  }
}

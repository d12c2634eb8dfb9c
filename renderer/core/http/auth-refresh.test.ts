// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createAuthRefresher } from './auth-refresh';

function deferred() {
  let resolve: (value: boolean) => void = () => undefined;
  const promise = new Promise<boolean>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createAuthRefresher', () => {
  it('shares one refresh among every 401 waiting while it runs', async () => {
    const gate = deferred();
    const refresh = vi.fn(() => gate.promise);
    const refresher = createAuthRefresher(refresh, vi.fn());
    const sentAt = refresher.generation();
    const waits = [1, 2, 3].map(() => refresher.afterUnauthorized(sentAt));
    gate.resolve(true);
    expect(await Promise.all(waits)).toEqual([true, true, true]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher.generation()).toBe(sentAt + 1);
  });

  it('answers a stale 401 with the last outcome, and refreshes again for a fresh one', async () => {
    const refresh = vi.fn(() => Promise.resolve(true));
    const refresher = createAuthRefresher(refresh, vi.fn());
    const old = refresher.generation();
    await refresher.afterUnauthorized(old);
    expect(await refresher.afterUnauthorized(old)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    await refresher.afterUnauthorized(refresher.generation());
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('treats a throwing refresh as a failure', async () => {
    const refresher = createAuthRefresher(() => Promise.reject(new Error('down')), vi.fn());
    expect(await refresher.afterUnauthorized(0)).toBe(false);
  });

  it('asks for re-login once per generation until the session is restored', async () => {
    const relogin = vi.fn();
    const refresher = createAuthRefresher(() => Promise.resolve(false), relogin);
    await refresher.afterUnauthorized(0);
    refresher.requestRelogin('a');
    refresher.requestRelogin('a');
    expect(relogin).toHaveBeenCalledTimes(1);
    refresher.sessionRestored();
    refresher.requestRelogin('b');
    expect(relogin).toHaveBeenLastCalledWith('b');
    await refresher.afterUnauthorized(refresher.generation());
    refresher.requestRelogin('c');
    expect(relogin).toHaveBeenCalledTimes(3);
  });
});

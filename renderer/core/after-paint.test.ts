import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

/** A browser whose animation frames run when the test says. */
function manualFrames(): { runFrame: () => void } {
  let callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callbacks.push(callback);
    return callbacks.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  return {
    runFrame: () => {
      const due = callbacks;
      callbacks = [];
      for (const callback of due) callback(performance.now());
    },
  };
}

/** Whether the promise has settled, after the microtasks already queued. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterNextPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves after the second animation frame, not the first', async () => {
    const { runFrame } = manualFrames();
    const painted = afterNextPaint(60_000);
    expect(await settled(painted)).toBe(false);
    runFrame();
    expect(await settled(painted)).toBe(false);
    runFrame();
    expect(await settled(painted)).toBe(true);
  });

  it('resolves after the cap in a tab that draws no frames', async () => {
    vi.useFakeTimers();
    manualFrames();
    const painted = afterNextPaint(1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});

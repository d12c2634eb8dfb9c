import { describe, expect, it } from 'vitest';
import { watchVideoFrames } from './video-frames';

/** A video whose frames the test presents by hand. */
function fakeVideo() {
  let callback: (() => void) | null = null;
  let cancelled = 0;
  const video = {
    requestVideoFrameCallback(next: () => void) {
      callback = next;
      return 1;
    },
    cancelVideoFrameCallback() {
      cancelled += 1;
    },
  } as unknown as HTMLVideoElement;
  return {
    video,
    present: () => {
      const next = callback;
      callback = null;
      next?.();
    },
    cancelled: () => cancelled,
  };
}

const state = (promise: Promise<void>) =>
  Promise.race([promise.then(() => 'resolved'), new Promise((r) => setTimeout(r, 5, 'waiting'))]);

describe('video frame watch', () => {
  it('lets the first frame through, then waits for a new one', async () => {
    const fake = fakeVideo();
    const watch = watchVideoFrames(fake.video, 10_000);
    await expect(state(watch.next())).resolves.toBe('resolved');
    const second = watch.next();
    await expect(state(second)).resolves.toBe('waiting');
    fake.present();
    await expect(state(second)).resolves.toBe('resolved');
    // A frame presented while the detector works is taken at once.
    fake.present();
    await expect(state(watch.next())).resolves.toBe('resolved');
    watch.stop();
    expect(fake.cancelled()).toBe(1);
  });

  it('does not wait for ever when frames stop coming, nor after stop', async () => {
    const fake = fakeVideo();
    const watch = watchVideoFrames(fake.video, 20);
    await watch.next();
    await expect(watch.next()).resolves.toBeUndefined();
    const pending = watch.next();
    watch.stop();
    await expect(pending).resolves.toBeUndefined();
  });

  it('never waits without requestVideoFrameCallback', async () => {
    const watch = watchVideoFrames({} as HTMLVideoElement);
    await expect(state(watch.next())).resolves.toBe('resolved');
    await expect(state(watch.next())).resolves.toBe('resolved');
  });
});

/**
 * Tells the tracking loop when the camera has shown a frame it has not read yet, so the same
 * picture is never detected twice: detection then runs at the camera's rate or the detector's,
 * whichever is lower, and leaves the CPU alone in between. Uses requestVideoFrameCallback; where
 * it is missing (or stops firing, e.g. a hidden video) a frame is assumed new after `maxWaitMs`.
 */
export interface FrameWatch {
  /** Resolves once a frame newer than the last one waited for is there. */
  next(): Promise<void>;
  stop(): void;
}

export function watchVideoFrames(video: HTMLVideoElement, maxWaitMs = 100): FrameWatch {
  if (typeof video.requestVideoFrameCallback !== 'function') {
    return { next: () => Promise.resolve(), stop: () => undefined };
  }
  let fresh = true;
  let stopped = false;
  let waiter: (() => void) | null = null;
  let handle = 0;
  const onFrame = () => {
    if (stopped) return;
    fresh = true;
    const wake = waiter;
    waiter = null;
    wake?.();
    handle = video.requestVideoFrameCallback(onFrame);
  };
  handle = video.requestVideoFrameCallback(onFrame);
  return {
    next() {
      if (fresh || stopped) {
        fresh = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiter = null;
          resolve();
        }, maxWaitMs);
        waiter = () => {
          clearTimeout(timer);
          fresh = false;
          resolve();
        };
      });
    },
    stop() {
      stopped = true;
      video.cancelVideoFrameCallback(handle);
      const wake = waiter;
      waiter = null;
      wake?.();
    },
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FaceBox, FaceDetector, FrameData } from './face-detector';
import { startTrackingLoop } from './tracking-loop';

const face: FaceBox = { x: 217, y: 135, width: 198, height: 198 };
const frame = (): FrameData => ({ width: 640, height: 480, data: new Uint8ClampedArray(16) });

/** A detector answering when the test says so, counting frames in flight. */
function manualDetector() {
  const waiting: ((faces: FaceBox[]) => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const detector: FaceDetector = {
    where: 'fake',
    detect: () =>
      new Promise<FaceBox[]>((resolve) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        waiting.push((faces) => {
          inFlight -= 1;
          resolve(faces);
        });
      }),
    dispose: () => undefined,
  };
  return {
    detector,
    answer: (faces: FaceBox[]) => waiting.shift()?.(faces),
    pending: () => waiting.length,
    maxInFlight: () => maxInFlight,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the tracking loop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps exactly one frame with the detector and reports each result', async () => {
    const fake = manualDetector();
    const onFaces = vi.fn();
    const stop = startTrackingLoop({ grab: frame, detector: fake.detector, onFaces });
    await settle();
    expect(fake.pending()).toBe(1);
    fake.answer([face]);
    await settle();
    expect(onFaces).toHaveBeenCalledWith([face], { width: 640, height: 480 });
    expect(fake.pending()).toBe(1);
    fake.answer([]);
    await settle();
    expect(onFaces).toHaveBeenCalledTimes(2);
    expect(fake.maxInFlight()).toBe(1);
    stop();
  });

  it('drops a result that arrives after stop, and sends nothing more', async () => {
    const fake = manualDetector();
    const onFaces = vi.fn();
    const stop = startTrackingLoop({ grab: frame, detector: fake.detector, onFaces });
    await settle();
    stop();
    fake.answer([face]);
    await settle();
    expect(onFaces).not.toHaveBeenCalled();
    expect(fake.pending()).toBe(0);
  });

  it('waits for a picture, and skips a failed detection', async () => {
    let ready = false;
    let calls = 0;
    const onFaces = vi.fn();
    const stop = startTrackingLoop({
      grab: () => (ready ? frame() : null),
      idleMs: 1,
      detector: {
        where: 'fake',
        detect: () => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('busy')) : Promise.resolve([face]);
        },
        dispose: () => undefined,
      },
      onFaces,
    });
    await settle();
    expect(calls).toBe(0);
    ready = true;
    await vi.waitFor(() => {
      expect(onFaces).toHaveBeenCalled();
    });
    stop();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('reports the detection frames per second about once a second', async () => {
    let clock = 0;
    const onStats = vi.fn();
    const stop = startTrackingLoop({
      grab: frame,
      now: () => clock,
      detector: {
        where: 'fake',
        detect: () => {
          clock += 50;
          return Promise.resolve([]);
        },
        dispose: () => undefined,
      },
      onFaces: () => undefined,
      onStats,
    });
    await vi.waitFor(() => {
      expect(onStats).toHaveBeenCalled();
    });
    stop();
    const [stats] = onStats.mock.calls[0] as [{ fps: number; frames: number; where: string }];
    expect(stats.where).toBe('fake');
    expect(stats.fps).toBe(20);
    expect(stats.frames).toBe(20);
  });
});

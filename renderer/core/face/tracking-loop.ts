import type { FaceBox, FaceDetector, FrameData, FrameSize } from './face-detector';
import { DetectionCounter, type DetectionStats } from './face-timing';

export interface TrackingLoopOptions {
  /** Reads the current video frame; null while the video has no picture yet. */
  grab: () => FrameData | null;
  detector: FaceDetector;
  onFaces: (faces: FaceBox[], frame: FrameSize) => void;
  /** About once a second: the detection frames per second. */
  onStats?: (stats: DetectionStats) => void;
  /** Resolves when the camera has a frame not read yet (see video-frames.ts). */
  nextFrame?: () => Promise<void>;
  /** How long to wait for a picture before trying again. */
  idleMs?: number;
  now?: () => number;
}

const yieldToPage = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tracks until stopped: read a frame, detect, report, and at once the next frame, so exactly
 * one frame is with the detector at any time and the detector sets the pace. Between frames
 * the page gets its turn (a macrotask), so rendering and input are never starved. A failed
 * detection is skipped. Returns the stop function; a result arriving after it is dropped.
 */
export function startTrackingLoop(options: TrackingLoopOptions): () => void {
  const now = options.now ?? (() => performance.now());
  const counter = new DetectionCounter(options.detector.where);
  let running = true;
  // A function, not the flag itself: the flag changes while a detection is awaited.
  const stopped = () => !running;
  let statsAt = now();

  const run = async () => {
    while (running) {
      if (options.nextFrame) await options.nextFrame();
      if (stopped()) return;
      const frame = options.grab();
      if (frame === null) {
        await yieldToPage(options.idleMs ?? 50);
        continue;
      }
      const size = { width: frame.width, height: frame.height };
      const started = now();
      let faces: FaceBox[] | null = null;
      try {
        faces = await options.detector.detect(frame);
      } catch {
        faces = null;
      }
      if (stopped()) return;
      if (faces === null) {
        await yieldToPage(options.idleMs ?? 50);
        continue;
      }
      const ended = now();
      counter.record(started, ended, faces);
      options.onFaces(faces, size);
      if (options.onStats && ended - statsAt >= 1000) {
        statsAt = ended;
        options.onStats(counter.stats());
      }
      await yieldToPage(0);
    }
  };
  void run();
  return () => {
    running = false;
  };
}

import type { FaceBox } from './face-detector';

/**
 * Timing marks for the benchmark (User Timing; each call costs microseconds and nothing is
 * sent anywhere): when the countdown ends, when the photo is captured, how long each detection
 * takes, and the detection frames per second.
 */
export const FACE_MARKS = {
  cameraOpen: 'face:camera-open',
  countdownEnd: 'face:countdown-end',
  trackingStart: 'face:tracking-start',
  captured: 'face:captured',
  /** A measure per detected frame (its duration is the round trip to the detector). */
  detect: 'face:detect',
  /** A measure from the end of the countdown to the capture. */
  countdownToCapture: 'face:countdown-to-capture',
} as const;

export function markFace(name: string, detail?: unknown): void {
  try {
    performance.mark(name, detail === undefined ? undefined : { detail });
  } catch {
    // User Timing is a diagnostic; an engine without it loses nothing.
  }
}

export function measureFace(name: string, start: number | string, end?: number): void {
  try {
    if (typeof start === 'string') {
      if (performance.getEntriesByName(start, 'mark').length === 0) return;
      performance.measure(name, start);
    } else {
      performance.measure(name, { start, end: end ?? performance.now() });
    }
  } catch {
    // As above.
  }
}

/** Detection frames per second over the last second, and the totals. */
export interface DetectionStats {
  frames: number;
  fps: number;
  lastMs: number;
  where: string;
}

export class DetectionCounter {
  private readonly times: number[] = [];
  private frames = 0;
  private lastMs = 0;
  constructor(private readonly where: string) {}

  /** Records one detection that ran from `start` to `end` (performance.now() values). */
  record(start: number, end: number, faces: readonly FaceBox[]): void {
    this.frames += 1;
    this.lastMs = end - start;
    this.times.push(end);
    while (this.times.length > 0 && (this.times[0] ?? end) <= end - 1000) this.times.shift();
    try {
      performance.measure(FACE_MARKS.detect, {
        start,
        end,
        detail: { where: this.where, faces: faces.length },
      });
    } catch {
      // As above.
    }
  }

  stats(): DetectionStats {
    return { frames: this.frames, fps: this.times.length, lastMs: this.lastMs, where: this.where };
  }
}

/** Forgets the detection measures of earlier runs, so the entries never pile up. */
export function clearDetectionMeasures(): void {
  try {
    performance.clearMeasures(FACE_MARKS.detect);
  } catch {
    // As above.
  }
}

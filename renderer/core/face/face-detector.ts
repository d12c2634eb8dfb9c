import { FACE } from '../../../contract/face';

/** A face found on a frame, in the frame's pixels (top-left corner and size). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The size of the frame a detection ran on. */
export interface FrameSize {
  width: number;
  height: number;
}

/** One video frame as RGBA pixels (an ImageData has this shape). */
export interface FrameData extends FrameSize {
  data: Uint8ClampedArray;
}

/**
 * Finds faces on frames. The page uses a Web Worker running tracking.js; tests use a fake. One
 * frame at a time: a call made while another runs waits for it. The frame's buffer may be
 * transferred (detached) by the call.
 */
export interface FaceDetector {
  detect(frame: FrameData): Promise<FaceBox[]>;
  /** Where the detection runs: 'worker', 'page' (fallback) or 'fake'. */
  readonly where: string;
  dispose(): void;
}

/** The tracking frame settings of spec §9; the scale factor is tracking.js's own default. */
export interface TrackerSettings {
  initialScale: number;
  scaleFactor: number;
  stepSize: number;
  edgesDensity: number;
}

export const TRACKER_SETTINGS: TrackerSettings = {
  initialScale: FACE.trackerInitialScale,
  scaleFactor: 1.25,
  stepSize: FACE.trackerStepSize,
  edgesDensity: FACE.trackerEdgesDensity,
};

/** Frames are read at most this wide (the benchmark's 640 × 480); larger cameras are scaled. */
export const MAX_FRAME_WIDTH = 640;

import type { FaceBox } from './face-detector';

/** Messages between the page and the detection worker (face-tracker.worker.ts). */
export interface DetectRequest {
  type: 'detect';
  id: number;
  width: number;
  height: number;
  /** The frame's RGBA pixels; transferred, not copied. */
  pixels: ArrayBuffer;
}

export type DetectReply =
  | { type: 'ready' }
  | { type: 'faces'; id: number; faces: FaceBox[]; ms: number }
  | { type: 'error'; id: number; message: string };

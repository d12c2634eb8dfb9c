import type { RgbImage } from './face-decode';

/** One face the engine found: its confidence, box [x, y, width, height] and embedding. */
export interface DetectedFace {
  score: number;
  box: readonly [number, number, number, number];
  embedding: Float32Array;
}

export interface FaceDescription {
  faces: DetectedFace[];
}

/**
 * What recognition needs from a model: every face of a picture with an embedding. The routes
 * apply the score and size thresholds and do the matching themselves, so an engine can be
 * swapped (another model, a remote service, a test double) without touching them.
 */
export interface FaceEngine {
  describe(image: RgbImage): Promise<FaceDescription>;
}

/** Hands out the engine, loading it on first use; rejects when it cannot be loaded. */
export type FaceEngineProvider = () => Promise<FaceEngine>;

/** The engine could not be loaded (missing or corrupt model files, no WebAssembly). */
export class FaceEngineUnavailableError extends Error {
  override readonly name = 'FaceEngineUnavailableError';
}

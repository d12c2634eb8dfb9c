import { WorkerJobTimeoutError } from '../base/worker-pool';
import { FaceBusyError, type FaceAnalyzer } from './face-analyzer';
import { ImageDecodeError } from './face-decode';
import type { DetectedFace } from './face-engine';
import { checkFaceImage, type ImageHeader, type ImageProblem } from './face-image';
import { EMBEDDING_LENGTH, normalise } from './face-index';

/**
 * Faces below this confidence are ignored. Real faces score 1.0 on the fixtures (the mesh
 * model's face score); a rocket's window scores 0.38. Everything between is treated as no face.
 */
export const MIN_FACE_SCORE = 0.6;

/**
 * Faces whose box is smaller than this (pixels, shorter side, in the picture the model sees)
 * are ignored: too small to recognise reliably, and typical of false detections and of people
 * far behind the user. The widget's 480×480 capture holds a face of about 170 px.
 */
export const MIN_FACE_SIDE_PX = 64;

/**
 * Cosine similarity from which two faces count as the same person. Measured with Human's
 * faceres embeddings (docs/server.md): the same person in two different crops and scales 0.90,
 * two different people 0.37–0.38. 0.6 sits between with a wide margin on both sides.
 */
export const MATCH_THRESHOLD = 0.6;

export type FacePick =
  { kind: 'one'; face: DetectedFace } | { kind: 'none' } | { kind: 'several'; count: number };

/** The one usable face of a picture: score and size thresholds first, then exactly one. */
export function pickSingleFace(
  faces: readonly DetectedFace[],
  minScore = MIN_FACE_SCORE,
  minSide = MIN_FACE_SIDE_PX,
): FacePick {
  const usable = faces.filter(
    (face) => face.score >= minScore && Math.min(face.box[2], face.box[3]) >= minSide,
  );
  const [first] = usable;
  if (first === undefined) return { kind: 'none' };
  if (usable.length > 1) return { kind: 'several', count: usable.length };
  return { kind: 'one', face: first };
}

export type FaceReading =
  | { kind: 'face'; embedding: Float32Array; bytes: Buffer; header: ImageHeader }
  | { kind: 'invalid'; problem: ImageProblem | 'undecodable' }
  | { kind: 'noFace' }
  | { kind: 'severalFaces'; count: number }
  /** Too many photos are waiting for the face worker. */
  | { kind: 'busy' }
  /** The photo ran over the worker's time limit (the worker was ended). */
  | { kind: 'timeout'; error: unknown }
  | { kind: 'unavailable'; error: unknown };

/**
 * A face photo (base64) to the unit-length embedding of its one face: header checks (here, on
 * the calling thread, before anything is inflated), then decoding and the engine (in the
 * analyzer's worker thread), the single-face rule. Never throws for a bad picture or a missing
 * engine; the caller turns each outcome into an answer.
 */
export async function readSingleFace(base64: string, analyzer: FaceAnalyzer): Promise<FaceReading> {
  const checked = checkFaceImage(base64);
  if (!checked.ok) return { kind: 'invalid', problem: checked.problem };
  let faces: DetectedFace[];
  try {
    faces = await analyzer.describe(checked.bytes, checked.header);
  } catch (error) {
    if (error instanceof ImageDecodeError) return { kind: 'invalid', problem: 'undecodable' };
    if (error instanceof FaceBusyError) return { kind: 'busy' };
    if (error instanceof WorkerJobTimeoutError) return { kind: 'timeout', error };
    return { kind: 'unavailable', error };
  }
  const pick = pickSingleFace(faces);
  if (pick.kind === 'none') return { kind: 'noFace' };
  if (pick.kind === 'several') return { kind: 'severalFaces', count: pick.count };
  const embedding = normalise(pick.face.embedding);
  // A face without a usable embedding cannot be recognised: as good as no face.
  if (!embedding) return { kind: 'noFace' };
  if (embedding.length !== EMBEDDING_LENGTH) {
    return {
      kind: 'unavailable',
      error: new Error('the engine gave an embedding of another model'),
    };
  }
  return { kind: 'face', embedding, bytes: checked.bytes, header: checked.header };
}

import { WorkerJobError, WorkerPool, WorkerPoolBusyError, workerEntry } from '../base/worker-pool';
import { decodeFaceImage, ImageDecodeError } from './face-decode';
import {
  FaceEngineUnavailableError,
  type DetectedFace,
  type FaceEngineProvider,
} from './face-engine';
import type { ImageHeader } from './face-image';

/**
 * Decoding a face photo and running the face models take tens to hundreds of milliseconds of
 * CPU: the server does both in one long-lived worker thread (face-worker.ts), which loads the
 * models once, on its first photo. The request thread only checks the photo's header
 * (face-image.ts) and matches the embeddings.
 */
export interface FaceAnalyzer {
  /**
   * The faces of a photo whose header passed checkFaceImage. Rejects with ImageDecodeError
   * (the pixels cannot be read), FaceBusyError (too many photos waiting),
   * WorkerJobTimeoutError (over the time limit), or anything else when the engine is missing.
   */
  describe(bytes: Buffer, header: ImageHeader): Promise<DetectedFace[]>;
  /** Ends the worker thread (app.close()). */
  close(): Promise<void>;
}

/** Too many photos are waiting for the face worker. */
export class FaceBusyError extends Error {
  override readonly name = 'FaceBusyError';
}

export interface FaceJob {
  bytes: Uint8Array;
  header: ImageHeader;
}

export const FACE_WORKER = {
  /** Photos waiting while one is analysed; more are answered 503 at once. */
  maxQueued: 16,
  /** One photo, including loading the models on the first (a few seconds). */
  jobTimeoutMs: 30_000,
} as const;

/** The worker's errors, by name, as the request thread's own classes. */
function fromWorker(error: unknown): unknown {
  if (error instanceof WorkerPoolBusyError) return new FaceBusyError(error.message);
  if (!(error instanceof WorkerJobError)) return error;
  if (error.errorName === 'ImageDecodeError') return new ImageDecodeError(error.message);
  if (error.errorName === 'FaceEngineUnavailableError') {
    return new FaceEngineUnavailableError(error.message);
  }
  return error;
}

/** The face worker thread of one app, started on the first photo, ended by close(). */
export function createFaceWorker(settings: Partial<typeof FACE_WORKER> = {}): FaceAnalyzer {
  const { maxQueued, jobTimeoutMs } = { ...FACE_WORKER, ...settings };
  const pool = new WorkerPool<FaceJob, DetectedFace[]>({
    entry: workerEntry(import.meta.url, 'face-worker'),
    name: 'face',
    maxWorkers: 1,
    maxQueued,
    jobTimeoutMs,
  });
  return {
    async describe(bytes, header) {
      try {
        // A copy of exactly the photo (a small Buffer shares a larger pool).
        return await pool.run({ bytes: new Uint8Array(bytes), header });
      } catch (error) {
        throw fromWorker(error);
      }
    },
    close: () => pool.close(),
  };
}

/**
 * Decodes and describes on the calling thread with the given engine: for tests with an engine
 * double, and the face benchmark. The server uses createFaceWorker().
 */
export function inProcessAnalyzer(engine: FaceEngineProvider): FaceAnalyzer {
  return {
    async describe(bytes, header) {
      const image = decodeFaceImage(bytes, header);
      return (await (await engine()).describe(image)).faces;
    },
    close: () => Promise.resolve(),
  };
}

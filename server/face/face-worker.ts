import { serveJobs } from '../base/worker-pool';
import type { FaceJob } from './face-analyzer';
import { decodeFaceImage } from './face-decode';
import type { DetectedFace } from './face-engine';
import { sharedFaceEngine } from './human-engine';

/**
 * The face worker thread (face-analyzer.ts): decodes a checked photo and runs the face models,
 * loaded once for the thread's life on its first photo. Emitted as dist/server/face-worker.mjs
 * by scripts/build-server.mjs.
 */
serveJobs<FaceJob, DetectedFace[]>(async ({ bytes, header }) => {
  const image = decodeFaceImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), header);
  const { faces } = await (await sharedFaceEngine()).describe(image);
  // The embeddings' buffers are moved, not copied.
  const transfer = faces
    .map((face) => face.embedding.buffer)
    .filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer);
  return { result: faces, transfer };
});

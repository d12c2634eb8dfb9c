import {
  LARGE_FILE_CHUNK_PROFILE,
  UPLOAD_CHUNK_SIZE,
  chunkCount,
  chunkLength,
  type ChunkProfile,
  type ChunkProfileStep,
} from '../../../contract/upload';

/** One chunk of a file: 1-based index (spec §7 chunk) and its byte range [start, end). */
export interface PlannedChunk {
  index: number;
  start: number;
  end: number;
  size: number;
}

/**
 * How a file is cut for upload (spec §4, §9). A file no larger than the chunk size goes in one
 * request and has no chunks; a larger one is cut into equal chunks, the last one shorter.
 */
export interface UploadPlan {
  mode: 'single' | 'chunked';
  chunkSize: number;
  chunks: PlannedChunk[];
}

export function planUpload(size: number, chunkSize: number): UploadPlan {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) {
    throw new RangeError('The chunk size must be a positive integer');
  }
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new RangeError('The file size must be a non-negative integer');
  }
  if (size <= chunkSize) return { mode: 'single', chunkSize, chunks: [] };
  const count = chunkCount(size, chunkSize);
  const chunks = Array.from({ length: count }, (_, offset) => {
    const index = offset + 1;
    const start = offset * chunkSize;
    const length = chunkLength(index, size, chunkSize);
    return { index, start, end: start + length, size: length };
  });
  return { mode: 'chunked', chunkSize, chunks };
}

function stepsOf(profile: ChunkProfile): readonly ChunkProfileStep[] {
  if (profile === 'default') return [];
  if (profile === 'large-file') return LARGE_FILE_CHUNK_PROFILE;
  for (const step of profile) {
    if (!Number.isSafeInteger(step.chunkSize) || step.chunkSize < 1) {
      throw new RangeError('A profile step needs a positive integer chunk size');
    }
    if (!Number.isSafeInteger(step.fromSize) || step.fromSize < 0) {
      throw new RangeError('A profile step needs a non-negative integer file size');
    }
  }
  return profile;
}

/**
 * The chunk size a new upload of a file of `size` bytes is cut in (docs/upload.md). The 'default'
 * profile always answers `chunkSize` (spec §9: 2 MB unless configured). A profile's step applies
 * to files of at least its `fromSize` (the largest such step wins), and never makes chunks
 * smaller than `chunkSize`. Chosen once, when the file is added: a resumed upload keeps the size
 * it started with (the queue keeps it, and the server's partial upload is recorded under it).
 */
export function chooseChunkSize(
  size: number,
  profile: ChunkProfile = 'default',
  chunkSize: number = UPLOAD_CHUNK_SIZE,
): number {
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) {
    throw new RangeError('The chunk size must be a positive integer');
  }
  let chosen = chunkSize;
  let from = -1;
  for (const step of stepsOf(profile)) {
    if (size >= step.fromSize && step.fromSize > from) {
      from = step.fromSize;
      chosen = Math.max(chunkSize, step.chunkSize);
    }
  }
  return chosen;
}

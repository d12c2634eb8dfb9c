import { chunkCount, chunkLength } from '../../../contract/upload';

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

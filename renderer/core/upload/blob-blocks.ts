/**
 * How a Blob's bytes were read: `byob` straight from the stream into the block (no copy),
 * `copy` from the stream's own chunks into the block, `slices` one read per block (a Blob
 * without a stream).
 */
export type ReadMode = 'byob' | 'copy' | 'slices';

export interface BlobBlocks {
  mode: ReadMode;
  /** The bytes in blocks of exactly the block size, the last one shorter. */
  blocks: AsyncGenerator<Uint8Array>;
}

/**
 * A Blob's bytes in blocks of exactly `blockSize` (the last one shorter; none for an empty
 * Blob). One buffer is reused: a block is valid until the next one is asked for, so it must be
 * used (hashed) at once, not kept or transferred. The Blob is read as one stream, into the block
 * itself where the engine has BYOB readers (as fast as the disk cache: a copy less than reading
 * the stream's chunks, which is measurably slower), else copied from the stream's chunks, else
 * slice by slice.
 */
export function blobBlocks(blob: Blob, blockSize: number): BlobBlocks {
  const size = Math.max(1, Math.min(blockSize, blob.size));
  if (typeof blob.stream !== 'function') return { mode: 'slices', blocks: sliceBlocks(blob, size) };
  const stream = blob.stream();
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    // Not a byte stream here: its chunks are copied instead.
  }
  return byob
    ? { mode: 'byob', blocks: byobBlocks(byob, size) }
    : { mode: 'copy', blocks: copiedBlocks(stream.getReader(), size) };
}

async function* byobBlocks(
  reader: ReadableStreamBYOBReader,
  blockSize: number,
): AsyncGenerator<Uint8Array> {
  // Each read takes the buffer and hands it back (transferred) with the bytes in place.
  let buffer = new ArrayBuffer(blockSize);
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read(new Uint8Array(buffer, filled, blockSize - filled));
      if (value) buffer = value.buffer;
      if (done) break;
      filled += value.byteLength;
      if (filled === blockSize) {
        filled = 0;
        yield new Uint8Array(buffer);
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (filled > 0) yield new Uint8Array(buffer, 0, filled);
}

async function* copiedBlocks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  blockSize: number,
): AsyncGenerator<Uint8Array> {
  const block = new Uint8Array(blockSize);
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.length;) {
        const take = Math.min(blockSize - filled, value.length - offset);
        block.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === blockSize) {
          filled = 0;
          yield block;
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (filled > 0) yield block.subarray(0, filled);
}

/** A read per block, the next block read while the current one is used. */
async function* sliceBlocks(blob: Blob, blockSize: number): AsyncGenerator<Uint8Array> {
  const read = (offset: number) =>
    blob
      .slice(offset, Math.min(offset + blockSize, blob.size))
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
  let next = blob.size > 0 ? read(0) : null;
  for (let offset = 0; next !== null; offset += blockSize) {
    const bytes = await next;
    next = offset + blockSize < blob.size ? read(offset + blockSize) : null;
    yield bytes;
  }
}

import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError, payloadTooLarge, writeFailure } from './storage-errors';

export interface WrittenFile {
  bytes: number;
  /** Lower-case hex MD5 of what was written ('' when not asked for). */
  md5: string;
}

export interface WriteOptions {
  /** More bytes than this aborts the write with 413 '大小超出限制'. */
  maxBytes: number;
  /** Flush to the disk before closing (for files that are final once renamed). */
  durable?: boolean;
  /** false skips the MD5 (a chunk's own MD5 is of no use: the merge verifies the whole file). */
  hash?: boolean;
}

/** Hashes and counts what passes through, and stops the flow past the byte limit. */
class HashingCounter extends Transform {
  readonly hash: Hash | null;
  bytes = 0;

  constructor(
    private readonly maxBytes: number,
    hash: boolean,
  ) {
    super();
    this.hash = hash ? createHash('md5') : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(payloadTooLarge());
      return;
    }
    this.hash?.update(chunk);
    callback(null, chunk);
  }
}

/**
 * Streams `source` into a new file at `target` (which must not exist: two writers never share a
 * file), hashing as it goes; memory stays at a few stream buffers whatever the size. On any
 * failure the partial file is removed and the error is a StorageError (413, 507 or 500).
 */
export async function streamToNewFile(
  source: Readable,
  target: string,
  options: WriteOptions,
): Promise<WrittenFile> {
  const counter = new HashingCounter(options.maxBytes, options.hash !== false);
  try {
    await pipeline(
      source,
      counter,
      fs.createWriteStream(target, { flags: 'wx', flush: options.durable === true }),
    );
  } catch (error) {
    // The removal may fail for the same reason as the write; the write's error is the answer.
    await fs.promises.rm(target, { force: true }).catch(() => undefined);
    throw toStorageError(error);
  }
  return { bytes: counter.bytes, md5: counter.hash?.digest('hex') ?? '' };
}

/** File-system failures become 507/500 answers; a broken or abandoned request stays as it is. */
function toStorageError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  return typeof syscall === 'string' ? writeFailure(error) : error;
}

import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
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
  /** The error for more than `maxBytes` (by default 413 '大小超出限制'). */
  overLimit?: () => StorageError;
}

/** Hashes and counts what passes through, and stops the flow past the byte limit. */
class HashingCounter extends Transform {
  readonly hash: Hash | null;
  bytes = 0;

  constructor(private readonly options: WriteOptions) {
    super();
    this.hash = options.hash === false ? null : createHash('md5');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    // Refused before the bytes go on: nothing past the limit is ever written.
    if (this.bytes > this.options.maxBytes) {
      callback((this.options.overLimit ?? payloadTooLarge)());
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
  try {
    return await writeCounted(source, options, () =>
      fs.createWriteStream(target, { flags: 'wx', flush: options.durable === true }),
    );
  } catch (error) {
    // The removal may fail for the same reason as the write; the write's error is the answer.
    await fs.promises.rm(target, { force: true }).catch(() => undefined);
    throw error;
  }
}

// Read and write, created when missing (owner only), never truncated.
const OPEN_IN_PLACE = fs.constants.O_RDWR | fs.constants.O_CREAT;

/**
 * Streams `source` into the file `target` (created when missing) at byte `position`, overwriting
 * what is there: a chunk written in place into its upload's partial file. On failure the bytes
 * written so far stay (the caller has not recorded them as whole), and the error is a
 * StorageError as for `streamToNewFile`.
 */
export async function streamIntoFile(
  source: Readable,
  target: string,
  position: number,
  options: WriteOptions,
): Promise<WrittenFile> {
  return writeCounted(source, options, async () => {
    const handle = await fs.promises.open(target, OPEN_IN_PLACE, 0o600);
    // The stream owns the handle from here: it closes it when done or destroyed.
    return handle.createWriteStream({ start: position });
  });
}

/**
 * Pipes `source` through the counter (byte limit, MD5) into the stream `open` gives. Failures
 * are StorageErrors (413, 507 or 500) unless the request itself broke.
 */
async function writeCounted(
  source: Readable,
  options: WriteOptions,
  open: () => Writable | Promise<Writable>,
): Promise<WrittenFile> {
  const counter = new HashingCounter(options);
  let target: Writable | undefined;
  try {
    target = await open();
    if (source.destroyed) {
      // Never piped, so pipeline() would not close it.
      target.destroy();
      throw requestCutOff();
    }
    await pipeline(source, counter, target);
  } catch (error) {
    // pipeline() fails as soon as a stream fails, while the file stream may still be opening
    // (a body cut short fails its part at once): it creates the file only then. The caller
    // removes or reuses the file once this settles, so it waits for the file to be closed.
    if (target) await closed(target);
    throw toStorageError(error);
  }
  return { bytes: counter.bytes, md5: counter.hash?.digest('hex') ?? '' };
}

/** Settles once a destroyed file stream has closed its file (at once when it has). */
async function closed(stream: Writable): Promise<void> {
  if (stream.closed) return;
  stream.destroy();
  await new Promise<void>((resolve) => {
    stream.once('close', () => {
      resolve();
    });
  });
}

/** Reads `source` to its end and drops the bytes (a part the server already has). */
export async function discardStream(source: Readable): Promise<void> {
  if (source.destroyed) throw requestCutOff();
  await pipeline(
    source,
    new Writable({
      write(_chunk, _encoding, callback) {
        callback();
      },
    }),
  );
}

/**
 * The error for a part whose request is already gone. A request cut off by its client while its
 * part waited (for a lock, a folder, a file) leaves the part destroyed with its last bytes
 * unread; pipeline() on such a stream (ended but destroyed) never settles in Node 20, and a write
 * that never ends would hold its chunk's lock forever. So both pipes check `destroyed`
 * synchronously right before piping: once piped, a destroy is reported by pipeline() itself.
 */
function requestCutOff(): Error {
  return Object.assign(new Error('Premature close: the request was cut off'), {
    code: 'ERR_STREAM_PREMATURE_CLOSE',
  });
}

/** File-system failures become 507/500 answers; a broken or abandoned request stays as it is. */
function toStorageError(error: unknown): unknown {
  if (error instanceof StorageError) return error;
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  return typeof syscall === 'string' ? writeFailure(error) : error;
}

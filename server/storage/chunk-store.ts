import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_CODES, chunkLength, isMd5 } from '../../contract/upload';
import { KeyedLock } from '../auth/keyed-lock';
import type { ContentStore } from './content-store';
import type { PartialUploadRepository } from './file-records';
import { KeyedGate } from './keyed-gate';
import { RunningHashes, type HashedUpload } from './running-hash';
import { StorageError, STORAGE_MESSAGES, chunkSizeMismatch, writeFailure } from './storage-errors';
import { discardStream, streamIntoFile } from './stream-to-file';

/** One chunked upload: the content's MD5, its size and how it is cut. */
export interface ChunkedFile {
  md5: string;
  size: number;
  chunks: number;
}

/** A chunked upload cut in chunks of `eachSize` bytes (the last one shorter). */
export type CutFile = ChunkedFile & { eachSize: number };

/** A temporary file left by a crashed request is removed after this long (real time). */
const STALE_TEMP_MS = 3600 * 1000;
// Small reads keep the memory of hashing a 2 GB file at a few hundred KB.
const READ_BUFFER_BYTES = 256 * 1024;
/** The partial file's name in its upload's folder. */
const PARTIAL_FILE = 'data';

/**
 * The chunks of unfinished uploads. Each upload (content and chunk size) has one partial file,
 * `chunks/<md5>/<eachSize>/data`, and each chunk is written in place at its offset; a chunk is
 * recorded as whole (in SQLite) only once all its bytes are written, and a chunk recorded whole
 * is never written again. The merge is then a verification and a rename: the file is not copied.
 *
 * Concurrency: the chunks of one content are written side by side (one writer per chunk: a second
 * tab sending the same chunk waits, then finds it whole), while its merge and its clean-up, which
 * move or delete the partial file, run alone.
 */
export class ChunkStore {
  private readonly running = new RunningHashes();
  private readonly gate = new KeyedGate();
  private readonly chunkLock = new KeyedLock();

  constructor(
    private readonly content: ContentStore,
    private readonly partials: PartialUploadRepository,
    private readonly now: () => number,
  ) {}

  chunkDir(md5: string, eachSize: number): string {
    // A programming error if reached: every route validates both first.
    if (!isMd5(md5) || !Number.isSafeInteger(eachSize)) throw new Error('bad chunk location');
    return path.join(this.content.chunksDir, md5, String(eachSize));
  }

  partialPath(md5: string, eachSize: number): string {
    return path.join(this.chunkDir(md5, eachSize), PARTIAL_FILE);
  }

  /** True when chunk `chunk` is whole for this file under any chunk size in use. */
  hasChunk(file: ChunkedFile, chunk: number): boolean {
    return this.partials
      .chunkSizes(file.md5, file.size, file.chunks)
      .some((eachSize) => this.partials.isReceived(file.md5, eachSize, chunk));
  }

  /**
   * Writes chunk `chunk` from `source` in place and records it as whole. A chunk already whole,
   * or a file already stored, is not written again: the bytes are read and dropped. A chunk of
   * the wrong length is refused and not recorded.
   */
  async writeChunk(file: CutFile, chunk: number, source: Readable): Promise<void> {
    const key = runningKey(file.md5, file.eachSize);
    await this.gate.shared(file.md5, () =>
      this.chunkLock.run(`${key}/${String(chunk)}`, async () => {
        const stored = (await this.content.storedSize(file.md5)) === file.size;
        if (stored || this.partials.isReceived(file.md5, file.eachSize, chunk)) {
          await discardStream(source);
          return;
        }
        const length = chunkLength(chunk, file.size, file.eachSize);
        // Recorded before the first byte lands, so the clean-up never takes it for an orphan.
        if (!this.partials.touch({ ...file, now: this.now() })) {
          throw new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.chunkCountAbnormal);
        }
        const written = await this.writeInPlace(file, (chunk - 1) * file.eachSize, length, source);
        if (written !== length) throw chunkSizeMismatch();
        if (!this.partials.markReceived(file.md5, file.eachSize, chunk)) {
          throw writeFailure(new Error('partial upload removed while written'));
        }
        this.running.advance(key, this.hashedUpload(file));
      }),
    );
  }

  private async writeInPlace(
    file: CutFile,
    start: number,
    length: number,
    source: Readable,
  ): Promise<number> {
    try {
      await fs.promises.mkdir(this.chunkDir(file.md5, file.eachSize), { recursive: true });
    } catch (error) {
      throw writeFailure(error);
    }
    const written = await streamIntoFile(source, this.partialPath(file.md5, file.eachSize), start, {
      maxBytes: length,
      hash: false,
      overLimit: chunkSizeMismatch,
    });
    return written.bytes;
  }

  private hashedUpload(file: CutFile): HashedUpload {
    return {
      file: this.partialPath(file.md5, file.eachSize),
      isWhole: (chunk) =>
        chunk <= file.chunks && this.partials.isReceived(file.md5, file.eachSize, chunk),
      rangeOf: (chunk) => ({
        start: (chunk - 1) * file.eachSize,
        length: chunkLength(chunk, file.size, file.eachSize),
      }),
    };
  }

  /**
   * Verifies the partial file of a complete upload and hands it to `keep` (which moves it into
   * the content store), then forgets the upload. Chunks missing answer chunkmerge saying how
   * many; a file whose MD5 or size is not the declared one answers chunkmerge and is deleted with
   * its chunks, so the next attempt sends them again. Runs alone for its content; nothing is done
   * when the content is stored already (another tab merged it).
   */
  async merge(file: ChunkedFile, keep: (verified: string) => Promise<void>): Promise<void> {
    await this.gate.exclusive(file.md5, async () => {
      if ((await this.content.storedSize(file.md5)) === file.size) return;
      const eachSize = this.completeChunkSize(file);
      const partial = this.partialPath(file.md5, eachSize);
      // Usually known by now (hashed while the chunks arrived); else the file is read once.
      const size = await fileSize(partial);
      const md5 =
        size === file.size
          ? ((await this.running.digest(runningKey(file.md5, eachSize), file.chunks)) ??
            (await md5OfFile(partial)))
          : undefined;
      if (md5 !== file.md5) await this.mismatch(file.md5);
      try {
        await flushToDisk(partial);
        await keep(partial);
      } catch (error) {
        throw writeFailure(error);
      }
      await this.forgetAll(file.md5);
    });
  }

  /** The merged content is not what was declared: forget the chunks, answer chunkmerge. */
  private async mismatch(md5: string): Promise<never> {
    await this.forgetAll(md5);
    throw new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.mergeMismatch);
  }

  /** Forgets every partial upload of this content (after a merge, or a mismatch). */
  private async forgetAll(md5: string): Promise<void> {
    this.partials.removeAll(md5);
    this.running.forget(md5);
    await fs.promises.rm(path.join(this.content.chunksDir, md5), { recursive: true, force: true });
  }

  /** The chunk size whose chunks are all whole, or chunkmerge saying how many are missing. */
  private completeChunkSize(file: ChunkedFile): number {
    let fewestMissing = file.chunks;
    for (const eachSize of this.partials.chunkSizes(file.md5, file.size, file.chunks)) {
      const missing = file.chunks - this.partials.receivedCount(file.md5, eachSize);
      if (missing === 0) return eachSize;
      fewestMissing = Math.min(fewestMissing, missing);
    }
    throw new StorageError(
      400,
      UPLOAD_CODES.chunkMerge,
      STORAGE_MESSAGES.chunksMissing(fewestMissing),
    );
  }

  /**
   * Deletes partial uploads untouched since `olderThan` (the server's clock), chunk folders no
   * upload record knows about, and temporary files no request is writing.
   */
  async cleanup(olderThan: number): Promise<number> {
    let removed = 0;
    const isStale = (md5: string, eachSize: number) =>
      this.partials
        .staleBefore(olderThan)
        .some((stale) => stale.md5 === md5 && stale.eachSize === eachSize);
    for (const stale of this.partials.staleBefore(olderThan)) {
      await this.gate.exclusive(stale.md5, async () => {
        // A chunk written while the clean-up waited for the gate made it live again.
        if (!isStale(stale.md5, stale.eachSize)) return;
        await fs.promises.rm(this.chunkDir(stale.md5, stale.eachSize), {
          recursive: true,
          force: true,
        });
        this.partials.remove(stale.md5, stale.eachSize);
        this.running.forget(runningKey(stale.md5, stale.eachSize));
        removed += 1;
      });
    }
    this.partials.removeOrphanChunks();
    removed += await this.removeOrphanChunkDirs();
    removed += await this.removeStaleTemps();
    return removed;
  }

  private async removeOrphanChunkDirs(): Promise<number> {
    let removed = 0;
    for (const md5 of await listDir(this.content.chunksDir)) {
      const dir = path.join(this.content.chunksDir, md5);
      // Uploads going on are left alone without waiting for their chunks to land.
      const first = await this.orphanSizes(md5, dir);
      if (first.orphans.length === 0 && first.known > 0) continue;
      // Alone for this content: no chunk is being written into a folder judged orphan.
      const run = (task: () => Promise<void>) =>
        isMd5(md5) ? this.gate.exclusive(md5, task) : task();
      await run(async () => {
        const { orphans, known } = await this.orphanSizes(md5, dir);
        for (const size of orphans) {
          await fs.promises.rm(path.join(dir, size), { recursive: true, force: true });
          removed += 1;
        }
        if (known === 0) await fs.promises.rm(dir, { recursive: true, force: true });
      });
    }
    return removed;
  }

  /** The chunk-size folders of a content folder that no upload record knows, and how many it does. */
  private async orphanSizes(
    md5: string,
    dir: string,
  ): Promise<{ orphans: string[]; known: number }> {
    const sizes = await listDir(dir);
    const recorded = isMd5(md5) ? this.partials.chunkSizesOf(md5).map(String) : [];
    const orphans = sizes.filter((size) => !recorded.includes(size));
    return { orphans, known: sizes.length - orphans.length };
  }

  private async removeStaleTemps(): Promise<number> {
    let removed = 0;
    const limit = Date.now() - STALE_TEMP_MS;
    for (const name of await listDir(this.content.tmpDir)) {
      const file = path.join(this.content.tmpDir, name);
      if (this.content.isActiveTemp(file)) continue;
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat !== undefined && stat.mtimeMs < limit) {
        await fs.promises.rm(file, { recursive: true, force: true });
        removed += 1;
      }
    }
    return removed;
  }
}

function runningKey(md5: string, eachSize: number): string {
  return `${md5}/${String(eachSize)}`;
}

async function fileSize(file: string): Promise<number | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/** The file's MD5, or undefined when it cannot be read. */
async function md5OfFile(file: string): Promise<string | undefined> {
  try {
    const hash = createHash('md5');
    for await (const block of fs.createReadStream(file, { highWaterMark: READ_BUFFER_BYTES })) {
      hash.update(block as Buffer);
    }
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

/** Flushes a file's bytes to the disk, so it is whole once renamed into place. */
async function flushToDisk(file: string): Promise<void> {
  // Opened for writing: Windows flushes only through a handle that may write.
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch {
    return [];
  }
}

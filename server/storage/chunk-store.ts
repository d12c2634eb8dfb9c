import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_CODES, chunkLength, isMd5 } from '../../contract/upload';
import type { ContentStore } from './content-store';
import type { PartialUploadRepository } from './file-records';
import { StorageError, STORAGE_MESSAGES } from './storage-errors';
import { RunningHashes } from './running-hash';
import { streamToNewFile } from './stream-to-file';

/** One chunked upload: the content's MD5, its size and how it is cut. */
export interface ChunkedFile {
  md5: string;
  size: number;
  chunks: number;
}

/** A temporary file left by a crashed request is removed after this long (real time). */
const STALE_TEMP_MS = 3600 * 1000;
// Small reads keep the memory of joining a 2 GB file at a few hundred KB.
const READ_BUFFER_BYTES = 256 * 1024;

async function fileSize(file: string): Promise<number | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The chunks of unfinished uploads, one file per chunk under
 * `chunks/<md5>/<eachSize>/<n>`. A chunk is written to a temporary file and renamed into place
 * when complete, so a chunk file is always whole; two tabs sending the same chunk each write their
 * own temporary file and the last rename wins with the same bytes. The caller runs the merges of
 * one MD5 one at a time.
 */
export class ChunkStore {
  private readonly running = new RunningHashes();

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

  chunkPath(md5: string, eachSize: number, chunk: number): string {
    return path.join(this.chunkDir(md5, eachSize), String(chunk));
  }

  /** True when chunk `chunk` is stored whole for this file under any chunk size in use. */
  async hasChunk(file: ChunkedFile, chunk: number): Promise<boolean> {
    for (const eachSize of this.partials.chunkSizes(file.md5, file.size, file.chunks)) {
      const size = await fileSize(this.chunkPath(file.md5, eachSize, chunk));
      if (size === chunkLength(chunk, file.size, eachSize)) return true;
    }
    return false;
  }

  /** Moves a complete chunk into place and records the upload's activity. */
  async commitChunk(
    tempFile: string,
    file: ChunkedFile & { eachSize: number },
    chunk: number,
  ): Promise<void> {
    const target = this.chunkPath(file.md5, file.eachSize, chunk);
    // Recorded before the chunk lands, so the clean-up never takes a live folder for an orphan.
    this.partials.touch({ ...file, now: this.now() });
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(tempFile, target);
    // The MD5 advances while the upload goes on, so the merge need not read everything again.
    this.running.advance(
      runningKey(file.md5, file.eachSize),
      (index) => this.chunkPath(file.md5, file.eachSize, index),
      (index) => chunkLength(index, file.size, file.eachSize),
    );
  }

  /**
   * Joins the chunks into one temporary file, hashing as it goes, and returns it once its MD5
   * equals the declared one. Chunks missing (or an abnormal count) and a mismatch answer
   * chunkmerge; after a mismatch the chunks are deleted, so the next attempt sends them again.
   * Nothing half-written remains: the temporary file is removed on any failure.
   */
  async merge(file: ChunkedFile): Promise<string> {
    const eachSize = await this.completeChunkSize(file);
    const key = runningKey(file.md5, eachSize);
    const pathOf = (index: number) => this.chunkPath(file.md5, eachSize, index);
    // Usually known by now (hashed while the chunks arrived); else hashed while joining.
    const ahead = await this.running.digestIfUnchanged(key, file.chunks, pathOf);
    if (ahead !== undefined && ahead !== file.md5) await this.mismatch(file.md5);
    const temp = this.content.reserveTemp();
    try {
      const paths = Array.from({ length: file.chunks }, (_, index) => pathOf(index + 1));
      const written = await streamToNewFile(Readable.from(concatenate(paths)), temp, {
        maxBytes: file.size,
        durable: true,
        hash: ahead === undefined,
      });
      let md5 = written.md5;
      if (ahead !== undefined) {
        // The chunks joined must be the chunks hashed: a chunk replaced meanwhile means reading
        // the result once more.
        md5 = (await this.running.unchanged(key, pathOf)) ? ahead : await md5OfFile(temp);
      }
      if (md5 !== file.md5 || written.bytes !== file.size) {
        await fs.promises.rm(temp, { force: true }).catch(() => undefined);
        await this.mismatch(file.md5);
      }
      return temp;
    } catch (error) {
      await fs.promises.rm(temp, { force: true }).catch(() => undefined);
      throw error;
    } finally {
      this.content.releaseTemp(temp);
    }
  }

  /** The merged content is not what was declared: forget the chunks, answer chunkmerge. */
  private async mismatch(md5: string): Promise<never> {
    await this.discard(md5);
    throw new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.mergeMismatch);
  }

  /** Forgets every partial upload of this content (after a merge, or a mismatch). */
  async discard(md5: string): Promise<void> {
    this.partials.removeAll(md5);
    this.running.forget(md5);
    await fs.promises.rm(path.join(this.content.chunksDir, md5), { recursive: true, force: true });
  }

  /** The chunk size whose chunks are all present, or chunkmerge saying how many are missing. */
  private async completeChunkSize(file: ChunkedFile): Promise<number> {
    let fewestMissing = file.chunks;
    for (const eachSize of this.partials.chunkSizes(file.md5, file.size, file.chunks)) {
      let missing = 0;
      for (let chunk = 1; chunk <= file.chunks; chunk += 1) {
        const size = await fileSize(this.chunkPath(file.md5, eachSize, chunk));
        if (size !== chunkLength(chunk, file.size, eachSize)) missing += 1;
      }
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
    for (const stale of this.partials.staleBefore(olderThan)) {
      await fs.promises.rm(this.chunkDir(stale.md5, stale.eachSize), {
        recursive: true,
        force: true,
      });
      this.partials.remove(stale.md5, stale.eachSize);
      this.running.forget(runningKey(stale.md5, stale.eachSize));
      removed += 1;
    }
    removed += await this.removeOrphanChunkDirs();
    removed += await this.removeStaleTemps();
    return removed;
  }

  private async removeOrphanChunkDirs(): Promise<number> {
    let removed = 0;
    for (const md5 of await listDir(this.content.chunksDir)) {
      const dir = path.join(this.content.chunksDir, md5);
      const sizes = await listDir(dir);
      const recorded = isMd5(md5) ? this.partials.chunkSizesOf(md5).map(String) : [];
      const known = sizes.filter((size) => recorded.includes(size));
      for (const size of sizes) {
        if (known.includes(size)) continue;
        await fs.promises.rm(path.join(dir, size), { recursive: true, force: true });
        removed += 1;
      }
      if (known.length === 0) await fs.promises.rm(dir, { recursive: true, force: true });
    }
    return removed;
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

async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  for await (const block of fs.createReadStream(file, { highWaterMark: READ_BUFFER_BYTES })) {
    hash.update(block as Buffer);
  }
  return hash.digest('hex');
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch {
    return [];
  }
}

async function* concatenate(paths: string[]): AsyncGenerator<Buffer> {
  for (const file of paths) {
    for await (const block of fs.createReadStream(file, { highWaterMark: READ_BUFFER_BYTES })) {
      yield block as Buffer;
    }
  }
}

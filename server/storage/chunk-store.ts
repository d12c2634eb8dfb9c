import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOAD_CODES, chunkLength, isMd5 } from '../../contract/upload';
import { KeyedLock } from '../auth/keyed-lock';
import { BackgroundFlush, flushToDisk } from './background-flush';
import type { ContentStore } from './content-store';
import type { PartialOwner, PartialUploadRepository } from './file-records';
import { KeyedGate } from './keyed-gate';
import { RunningHashes, type HashedUpload } from './running-hash';
import { StorageError, STORAGE_MESSAGES, chunkSizeMismatch, writeFailure } from './storage-errors';
import { discardStream, streamIntoFile } from './stream-to-file';

/** One chunked upload: the unit sending it, the content's MD5, its size and how many chunks. */
export interface ChunkedFile extends PartialOwner {
  size: number;
  chunks: number;
}

/** A chunked upload cut in chunks of `eachSize` bytes (the last one shorter). */
export type CutFile = ChunkedFile & { eachSize: number };

/**
 * A chunk whose bytes are all written in place, waiting for the rest of its request (see
 * `ChunkStore.writeChunk`).
 */
export interface PendingChunk {
  /** Records the chunk as whole (and its upload, with its first chunk). */
  keep: () => Promise<void>;
  /** Leaves the chunk unrecorded: its request was refused after its bytes. */
  drop: () => Promise<void>;
}

/** Whether the uploading unit holds this content already: a stored file of its own has it. */
export type HoldsContent = (file: ChunkedFile) => Promise<boolean>;

/** The steps of a merge that belong to the caller (see `ChunkStore.merge`). */
export interface MergeSteps<T> {
  /** Moves the verified partial file into the content store (or drops it: content is there). */
  keep: (verified: string) => Promise<void>;
  /** Records the merged file for the caller; its answer is the merge's. */
  record: () => Promise<T>;
}

/** A temporary file left by a crashed request is removed after this long (real time). */
const STALE_TEMP_MS = 3600 * 1000;
// Small reads keep the memory of hashing a 2 GB file at a few hundred KB.
const READ_BUFFER_BYTES = 256 * 1024;
/** The partial file's name in its upload's folder. */
const PARTIAL_FILE = 'data';
/** A unit's folder under `chunks/`: its id as the server writes it (never 32 hex digits). */
const UNIT_FOLDER = /^(?:0|[1-9][0-9]{0,14})$/;
/** How long a merge that lost its claim waits for the winner (maybe on another node) to finish. */
const OTHER_MERGE_WAIT_MS = 30_000;
const OTHER_MERGE_POLL_MS = 100;

/**
 * The chunks of unfinished uploads. A partial upload belongs to the unit whose users send its
 * chunks (docs/upload.md: nothing about an upload is visible across units), so each upload (unit,
 * content and chunk size) has its own partial file, `chunks/<unitId>/<md5>/<eachSize>/data`, and
 * each chunk is written in place at its offset; a chunk is recorded as whole (in the database)
 * only once all its bytes are written, and a chunk recorded whole is never written again. The
 * merge is then a verification and a rename: the file is not copied.
 *
 * Concurrency: the chunks of one unit's upload of one content are written side by side (one
 * writer per chunk: a second tab sending the same chunk waits, then finds it whole), while its
 * merge and its clean-up, which move or delete the partial file, run alone. Those locks hold
 * within one process only; where several server nodes share the database and the files folder,
 * the database decides who merges or cleans up an upload (a conditional delete of its row, see
 * PartialUploadRepository in server/storage/file-records.ts).
 */
export class ChunkStore {
  private readonly running = new RunningHashes();
  private readonly gate = new KeyedGate();
  private readonly chunkLock = new KeyedLock();
  private readonly flushes = new BackgroundFlush();

  constructor(
    private readonly content: ContentStore,
    private readonly partials: PartialUploadRepository,
    private readonly now: () => number,
    private readonly holds: HoldsContent,
  ) {}

  /** The folder of a unit's uploads of one content. */
  private ownerDir(owner: PartialOwner): string {
    // A programming error if reached: every route validates the MD5, units ids are integers.
    if (!isMd5(owner.md5) || !Number.isSafeInteger(owner.unitId) || owner.unitId < 0) {
      throw new Error('bad chunk location');
    }
    return path.join(this.content.chunksDir, String(owner.unitId), owner.md5);
  }

  chunkDir(owner: PartialOwner, eachSize: number): string {
    if (!Number.isSafeInteger(eachSize)) throw new Error('bad chunk location');
    return path.join(this.ownerDir(owner), String(eachSize));
  }

  partialPath(owner: PartialOwner, eachSize: number): string {
    return path.join(this.chunkDir(owner, eachSize), PARTIAL_FILE);
  }

  /** True when chunk `chunk` is whole in the unit's upload of this file, under any chunk size. */
  async hasChunk(file: ChunkedFile, chunk: number): Promise<boolean> {
    for (const eachSize of await this.partials.chunkSizes(file, file.size, file.chunks)) {
      if (await this.partials.isReceived(file, eachSize, chunk)) return true;
    }
    return false;
  }

  /**
   * Writes chunk `chunk` from `source` in place; once written it is pending: `keep` records it as
   * whole, `drop` leaves it unrecorded (its request broke after its bytes, so the request is
   * refused and the chunk must not count). A chunk already whole, or a file the unit holds
   * already, is not written again: the bytes are read and dropped. A chunk whose figures differ
   * from those recorded for its upload, or of the wrong length, is refused and not recorded. The
   * upload itself is recorded only with its first kept chunk, so a refused chunk (wrong figures,
   * cut short) leaves no upload behind whose figures would refuse the correct ones; what it wrote
   * of an upload not recorded is deleted.
   */
  async writeChunk(file: CutFile, chunk: number, source: Readable): Promise<PendingChunk> {
    const key = runningKey(file, file.eachSize);
    // Set inside the locked section: whether what it writes belongs to no recorded upload.
    const state = { unrecorded: false };
    const written = settleable<undefined>();
    const decision = settleable<boolean>();
    const work = this.gate
      .shared(ownerKey(file), () =>
        this.chunkLock.run(`${key}/${String(chunk)}`, async () => {
          if (
            (await this.holds(file)) ||
            (await this.partials.isReceived(file, file.eachSize, chunk))
          ) {
            await discardStream(source);
            return;
          }
          // One MD5 is one content: figures other than the recorded ones are wrong.
          const recorded = await this.partials.figuresOf(file, file.eachSize);
          if (recorded && (recorded.size !== file.size || recorded.chunks !== file.chunks)) {
            throw abnormalCount();
          }
          state.unrecorded = recorded === undefined;
          const length = chunkLength(chunk, file.size, file.eachSize);
          // The clean-up never takes the partial file for an orphan meanwhile: it deletes only
          // alone for this content (the gate), and this write holds the gate shared.
          const bytes = await this.writeInPlace(file, (chunk - 1) * file.eachSize, length, source);
          if (bytes !== length) throw chunkSizeMismatch();
          // The chunk's lock is held until its request is read whole, so no other writer of
          // this chunk comes between its bytes and its record.
          written.settle(undefined);
          if (!(await decision.promise)) return;
          // Recorded now that the chunk passed its checks (false: another request recorded the
          // upload with other figures meanwhile).
          if (!(await this.partials.touch({ ...file, now: this.now() }))) throw abnormalCount();
          state.unrecorded = false;
          if (!(await this.partials.markReceived(file, file.eachSize, chunk))) {
            throw writeFailure(new Error('partial upload removed while written'));
          }
          this.running.advance(key, this.hashedUpload(file));
          // Written to the disk while the next chunks arrive, not all at the merge.
          this.flushes.request(this.partialPath(file, file.eachSize));
        }),
      )
      .finally(async () => {
        if (state.unrecorded) await this.dropUnrecorded(file);
      });
    // A failure is answered below (before the bytes are all written) or by `keep`.
    work.catch(() => undefined);
    await Promise.race([written.promise, work]);
    return {
      keep: async () => {
        decision.settle(true);
        await work;
      },
      drop: async () => {
        decision.settle(false);
        await work.catch(() => undefined);
      },
    };
  }

  /**
   * Deletes what a refused chunk wrote for an upload that is not recorded (its figures were never
   * confirmed by a whole chunk), alone for the content: unless another chunk recorded the upload
   * meanwhile. A failure here leaves the folder to the clean-up's orphan pass.
   */
  private async dropUnrecorded(file: CutFile): Promise<void> {
    await this.gate.exclusive(ownerKey(file), async () => {
      const sizes = await this.partials.chunkSizesOf(file);
      if (sizes.includes(file.eachSize)) return;
      const dir = sizes.length === 0 ? this.ownerDir(file) : this.chunkDir(file, file.eachSize);
      await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    });
  }

  private async writeInPlace(
    file: CutFile,
    start: number,
    length: number,
    source: Readable,
  ): Promise<number> {
    try {
      await fs.promises.mkdir(this.chunkDir(file, file.eachSize), { recursive: true });
    } catch (error) {
      throw writeFailure(error);
    }
    const written = await streamIntoFile(source, this.partialPath(file, file.eachSize), start, {
      maxBytes: length,
      hash: false,
      overLimit: chunkSizeMismatch,
    });
    return written.bytes;
  }

  private hashedUpload(file: CutFile): HashedUpload {
    return {
      file: this.partialPath(file, file.eachSize),
      isWhole: (chunk) =>
        chunk <= file.chunks && this.partials.isReceived(file, file.eachSize, chunk),
      rangeOf: (chunk) => ({
        start: (chunk - 1) * file.eachSize,
        length: chunkLength(chunk, file.size, file.eachSize),
      }),
    };
  }

  /**
   * Verifies the partial file of the unit's complete upload, claims the upload, hands the file to
   * `steps.keep` (which moves it into the content store), forgets the upload and records the file
   * (`steps.record`). Chunks missing answer chunkmerge saying how many; a file whose MD5 or size
   * is not the declared one answers chunkmerge and is deleted with its chunks, so the next attempt
   * sends them again. Runs alone for the unit's content in this process. When the unit holds the
   * content already (another tab merged it), the file is only recorded: content of another unit
   * never is.
   *
   * Two merges of one upload on two nodes (sharing the database and the files folder) both verify
   * the file, but only the one whose claim deletes the upload's row (`claimComplete`) moves it;
   * the other waits until the unit holds the content and then only records its file.
   */
  async merge<T>(file: ChunkedFile, steps: MergeSteps<T>): Promise<T> {
    return this.gate.exclusive(ownerKey(file), async () => {
      if (await this.holds(file)) return steps.record();
      const eachSize = await this.completeChunkSize(file);
      if (eachSize === undefined) return this.afterOtherMerge(file, steps);
      const partial = this.partialPath(file, eachSize);
      // Usually known by now (hashed while the chunks arrived); else the file is read once.
      const size = await fileSize(partial);
      const md5 =
        size === file.size
          ? ((await this.running.digest(runningKey(file, eachSize), file.chunks, partial)) ??
            (await md5OfFile(partial)))
          : undefined;
      const upload = { ...file, eachSize };
      // Claimed after the verification (hashing holds no database lock), before the file moves.
      if (!(await this.partials.claimComplete(upload))) return this.afterOtherMerge(file, steps);
      if (md5 !== file.md5) await this.mismatch(file);
      try {
        await this.flushes.settle(partial);
        await flushToDisk(partial);
        await steps.keep(partial);
      } catch (error) {
        // Not moved: the upload is recorded again, whole, so that the client may merge again.
        if ((await fileSize(partial)) === file.size) {
          await this.partials.restoreComplete(upload, this.now()).catch(() => undefined);
        }
        throw writeFailure(error);
      }
      try {
        // Inside the gate, so a second tab merging at once on this node finds the file held; and
        // before the upload's folder goes, so a merge on another node that finds the folder but
        // no upload waits for this record (see `completeChunkSize`).
        return await steps.record();
      } finally {
        await this.forgetAll(file);
      }
    });
  }

  /**
   * Another merge (on this node or another) claimed the upload: once the unit holds the content,
   * the caller's file is only recorded; if it does not within a while, the chunks are missing.
   */
  private async afterOtherMerge<T>(file: ChunkedFile, steps: MergeSteps<T>): Promise<T> {
    const deadline = Date.now() + OTHER_MERGE_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, OTHER_MERGE_POLL_MS));
      if (await this.holds(file)) return steps.record();
    }
    throw chunksMissing(file.chunks);
  }

  /** The merged content is not what was declared: forget the chunks, answer chunkmerge. */
  private async mismatch(owner: PartialOwner): Promise<never> {
    await this.forgetAll(owner);
    throw new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.mergeMismatch);
  }

  /** Forgets every partial upload of this content by the unit (after a merge, or a mismatch). */
  private async forgetAll(owner: PartialOwner): Promise<void> {
    for (const eachSize of await this.partials.chunkSizesOf(owner)) {
      await this.flushes.settle(this.partialPath(owner, eachSize));
    }
    await this.partials.removeAll(owner);
    this.running.forget(ownerKey(owner));
    await fs.promises.rm(this.ownerDir(owner), { recursive: true, force: true });
  }

  /**
   * The chunk size whose chunks are all whole, or chunkmerge saying how many are missing;
   * undefined when no upload of the file is recorded but its folder is there (another node's
   * merge has claimed the upload and is moving the file).
   */
  private async completeChunkSize(file: ChunkedFile): Promise<number | undefined> {
    let fewestMissing = file.chunks;
    const sizes = await this.partials.chunkSizes(file, file.size, file.chunks);
    for (const eachSize of sizes) {
      const missing = file.chunks - (await this.partials.wholeCount(file, eachSize));
      if (missing === 0) return eachSize;
      fewestMissing = Math.min(fewestMissing, missing);
    }
    if (
      sizes.length === 0 &&
      (await this.partials.chunkSizesOf(file)).length === 0 &&
      (await isDirectory(this.ownerDir(file)))
    ) {
      return undefined;
    }
    throw chunksMissing(fewestMissing);
  }

  /**
   * Deletes partial uploads untouched since `olderThan` (the server's clock), chunk folders no
   * upload record knows about, and temporary files no request is writing.
   */
  async cleanup(olderThan: number): Promise<number> {
    let removed = 0;
    for (const stale of await this.partials.staleBefore(olderThan)) {
      await this.gate.exclusive(ownerKey(stale), async () => {
        // The claim fails when a chunk written meanwhile (on this node or another) made the
        // upload live again, or another node's clean-up took it.
        if (!(await this.partials.removeStale(stale, stale.eachSize, olderThan))) return;
        await this.flushes.settle(this.partialPath(stale, stale.eachSize));
        await fs.promises.rm(this.chunkDir(stale, stale.eachSize), {
          recursive: true,
          force: true,
        });
        this.running.forget(runningKey(stale, stale.eachSize));
        removed += 1;
      });
    }
    await this.partials.removeOrphanChunks();
    removed += await this.removeOrphanChunkDirs();
    removed += await this.removeStaleTemps();
    return removed;
  }

  private async removeOrphanChunkDirs(): Promise<number> {
    let removed = 0;
    for (const name of await listDir(this.content.chunksDir)) {
      const unitDir = path.join(this.content.chunksDir, name);
      if (!UNIT_FOLDER.test(name)) {
        // Not a unit's folder: the layout before uploads were kept per unit
        // (chunks/<md5>/<eachSize>, forgotten by migration 8) or a stray. Nothing writes there.
        await fs.promises.rm(unitDir, { recursive: true, force: true });
        removed += 1;
        continue;
      }
      // The unit's folder stays (a chunk may be creating its content folder in it right now).
      removed += await this.removeOrphanContentDirs(Number(name), unitDir);
    }
    return removed;
  }

  private async removeOrphanContentDirs(unitId: number, unitDir: string): Promise<number> {
    let removed = 0;
    for (const md5 of await listDir(unitDir)) {
      const owner = { unitId, md5 };
      const dir = path.join(unitDir, md5);
      // Uploads going on are left alone without waiting for their chunks to land.
      const first = await this.orphanSizes(owner, dir);
      if (first.orphans.length === 0 && first.known > 0) continue;
      // Alone for this content: no chunk is being written into a folder judged orphan.
      const run = (task: () => Promise<void>) =>
        isMd5(md5) ? this.gate.exclusive(ownerKey(owner), task) : task();
      await run(async () => {
        const { orphans, known } = await this.orphanSizes(owner, dir);
        // Another node may be writing an upload's first chunk into its folder right now (a chunk
        // is recorded once whole, and this node's gate does not hold that node): a folder written
        // to within the hour is left for a later clean-up.
        const quietSince = Date.now() - STALE_TEMP_MS;
        let kept = 0;
        for (const size of orphans) {
          if (await writtenSince(path.join(dir, size), quietSince)) {
            kept += 1;
            continue;
          }
          await fs.promises.rm(path.join(dir, size), { recursive: true, force: true });
          removed += 1;
        }
        if (known === 0 && kept === 0) await fs.promises.rm(dir, { recursive: true, force: true });
      });
    }
    return removed;
  }

  /** The chunk-size folders of a content folder that no upload record knows, and how many it does. */
  private async orphanSizes(
    owner: PartialOwner,
    dir: string,
  ): Promise<{ orphans: string[]; known: number }> {
    const sizes = await listDir(dir);
    const recorded = isMd5(owner.md5) ? (await this.partials.chunkSizesOf(owner)).map(String) : [];
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

/** A promise and the function that resolves it (Promise.withResolvers is newer than Node 20). */
function settleable<T>(): { promise: Promise<T>; settle: (value: T) => void } {
  let settle: (value: T) => void = () => undefined;
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

function abnormalCount(): StorageError {
  return new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.chunkCountAbnormal);
}

function chunksMissing(missing: number): StorageError {
  return new StorageError(400, UPLOAD_CODES.chunkMerge, STORAGE_MESSAGES.chunksMissing(missing));
}

/** The key of a unit's uploads of one content (its gate, and the prefix of its running hashes). */
function ownerKey(owner: PartialOwner): string {
  return `${String(owner.unitId)}/${owner.md5}`;
}

function runningKey(owner: PartialOwner, eachSize: number): string {
  return `${ownerKey(owner)}/${String(eachSize)}`;
}

/** Whether a chunk-size folder or its partial file was written to after `since` (real time). */
async function writtenSince(folder: string, since: number): Promise<boolean> {
  for (const entry of [folder, path.join(folder, PARTIAL_FILE)]) {
    try {
      if ((await fs.promises.stat(entry)).mtimeMs > since) return true;
    } catch {
      // Gone or never there: not written.
    }
  }
  return false;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(dir)).isDirectory();
  } catch {
    return false;
  }
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

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch {
    return [];
  }
}

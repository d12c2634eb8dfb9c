import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';

/** Where a chunk lies in its upload's partial file. */
export interface ChunkRange {
  start: number;
  length: number;
}

/** How the running hash sees one partial upload. */
export interface HashedUpload {
  /** The partial file the chunks are written into. */
  file: string;
  /** True when the chunk is recorded as whole in the file (and so is never written again). */
  isWhole: (chunk: number) => boolean | Promise<boolean>;
  rangeOf: (chunk: number) => ChunkRange;
}

interface RunningHash {
  hash: Hash;
  /** The next chunk (1-based) to hash. */
  next: number;
  /** The work in progress; everything on one upload runs in this chain. */
  tail: Promise<void>;
  broken: boolean;
  /** Which file was hashed (device, inode, birth time), from its first read. */
  identity: string | undefined;
  /** When it last advanced (real time). */
  usedAt: number;
}

/** At most this many uploads are hashed ahead at once; more fall back to hashing at the merge. */
const MAX_RUNNING = 256;
/** Chunks are read back in pieces of this size (from the page cache, as a rule). */
const READ_BYTES = 1024 * 1024;
/**
 * A state idle this long may be dropped to make room: its upload was merged or cleaned up by
 * another server node (which cannot tell this one to forget it), or abandoned.
 */
const IDLE_MS = 3600 * 1000;

/**
 * The MD5 of a chunked upload, computed while its chunks arrive: after each chunk lands, the
 * chunks whole in order from the first are read back from the partial file and hashed, so the
 * merge need not read everything once more. Sound because a chunk recorded whole is never written
 * again while its upload lives. Only an optimisation: the state lives in memory (a restart loses
 * it) and the merge hashes the file itself whenever no complete digest is at hand. With several
 * server nodes, each hashes the chunks it sees land (reading the shared files folder, so chunks
 * written by other nodes count too); a digest is given only for the very file that was hashed,
 * never for a later upload of the same content whose file replaced it.
 */
export class RunningHashes {
  private readonly states = new Map<string, RunningHash>();

  /** Hashes the chunks now whole in order, in the background. */
  advance(key: string, upload: HashedUpload): void {
    let state = this.states.get(key);
    if (!state) {
      if (this.states.size >= MAX_RUNNING) this.dropIdle();
      if (this.states.size >= MAX_RUNNING) return;
      state = {
        hash: createHash('md5'),
        next: 1,
        tail: Promise.resolve(),
        broken: false,
        identity: undefined,
        usedAt: Date.now(),
      };
      this.states.set(key, state);
    }
    const running = state;
    running.usedAt = Date.now();
    running.tail = running.tail
      .then(async () => {
        if (running.broken || !(await upload.isWhole(running.next))) return;
        const handle = await fs.promises.open(upload.file, 'r');
        try {
          const identity = identityOf(await handle.stat());
          running.identity ??= identity;
          // Another file under the same name: a new upload of the content (its first was merged
          // or cleaned up by another node). This one is not continued.
          if (running.identity !== identity) throw new Error('another partial file');
          const buffer = Buffer.allocUnsafe(READ_BYTES);
          while (await upload.isWhole(running.next)) {
            await hashRange(handle, upload.rangeOf(running.next), buffer, running.hash);
            running.next += 1;
          }
        } finally {
          await handle.close().catch(() => undefined);
        }
      })
      .catch(() => {
        // The file vanished or could not be read: the merge hashes it itself.
        running.broken = true;
      });
  }

  /**
   * The MD5 of the first `chunks` chunks when they were all hashed ahead (from `file`, when given,
   * and not from an earlier file of that name); else undefined.
   */
  async digest(key: string, chunks: number, file?: string): Promise<string | undefined> {
    const state = this.states.get(key);
    if (!state) return undefined;
    await state.tail;
    if (state.broken || state.next !== chunks + 1) return undefined;
    if (file !== undefined) {
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat === undefined || identityOf(stat) !== state.identity) return undefined;
    }
    return state.hash.copy().digest('hex');
  }

  /** Drops the states idle for long (see IDLE_MS). */
  private dropIdle(): void {
    const limit = Date.now() - IDLE_MS;
    for (const [key, state] of this.states) {
      if (state.usedAt < limit) this.states.delete(key);
    }
  }

  /** Drops the state of `prefix` and of every key under `prefix/`. */
  forget(prefix: string): void {
    for (const key of [...this.states.keys()]) {
      if (key === prefix || key.startsWith(`${prefix}/`)) this.states.delete(key);
    }
  }

  get size(): number {
    return this.states.size;
  }
}

function identityOf(stat: fs.Stats): string {
  return `${String(stat.dev)}:${String(stat.ino)}:${String(stat.birthtimeMs)}`;
}

async function hashRange(
  handle: fs.promises.FileHandle,
  range: ChunkRange,
  buffer: Buffer,
  hash: Hash,
): Promise<void> {
  for (let done = 0; done < range.length;) {
    const want = Math.min(buffer.length, range.length - done);
    const { bytesRead } = await handle.read(buffer, 0, want, range.start + done);
    // A chunk recorded whole is in the file: a short read means the file was cut meanwhile.
    if (bytesRead === 0) throw new Error('chunk shorter than recorded');
    hash.update(buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
}

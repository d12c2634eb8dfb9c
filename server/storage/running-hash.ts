import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';

interface RunningHash {
  hash: Hash;
  /** The next chunk (1-based) to hash. */
  next: number;
  /** The identity (inode, size, mtime) of each chunk file hashed, in order. */
  identities: string[];
  /** The work in progress; everything on one upload runs in this chain. */
  tail: Promise<void>;
  broken: boolean;
}

/** At most this many uploads are hashed ahead at once; more fall back to hashing at the merge. */
const MAX_RUNNING = 256;

async function identityOf(path: string): Promise<string | undefined> {
  try {
    const stat = await fs.promises.stat(path);
    return `${String(stat.ino)}:${String(stat.size)}:${String(stat.mtimeMs)}`;
  } catch {
    return undefined;
  }
}

/**
 * The MD5 of a chunked upload, computed while the chunks arrive: after each chunk lands, the
 * chunks present in order from the first are hashed (read back from the page cache), so the merge
 * does not have to read everything once more. Only an optimisation: the state lives in memory (a
 * restart loses it), and the merge uses it only when every chunk file is still the very file that
 * was hashed (same inode, size and time); otherwise it hashes while joining, as without it.
 */
export class RunningHashes {
  private readonly states = new Map<string, RunningHash>();

  /** Hashes the chunks now present in order, in the background. */
  advance(key: string, chunkPath: (chunk: number) => string, lengthOf: (chunk: number) => number) {
    let state = this.states.get(key);
    if (!state) {
      if (this.states.size >= MAX_RUNNING) return;
      state = {
        hash: createHash('md5'),
        next: 1,
        identities: [],
        tail: Promise.resolve(),
        broken: false,
      };
      this.states.set(key, state);
    }
    const running = state;
    running.tail = running.tail
      .then(async () => {
        while (!running.broken) {
          const path = chunkPath(running.next);
          const handle = await fs.promises.open(path, 'r').catch(() => undefined);
          if (!handle) return;
          try {
            const stat = await handle.stat();
            if (stat.size !== lengthOf(running.next)) return;
            for await (const block of handle.createReadStream({ highWaterMark: 256 * 1024 })) {
              running.hash.update(block as Buffer);
            }
            running.identities.push(
              `${String(stat.ino)}:${String(stat.size)}:${String(stat.mtimeMs)}`,
            );
            running.next += 1;
          } finally {
            await handle.close().catch(() => undefined);
          }
        }
      })
      .catch(() => {
        // A chunk vanished or could not be read: the merge hashes everything itself.
        running.broken = true;
      });
  }

  /**
   * The MD5 of all `chunks` when it was computed ahead and every chunk file is unchanged;
   * undefined otherwise. The state is kept until `forget`, so the check can be repeated after the
   * chunks are joined (proving they did not change meanwhile).
   */
  async digestIfUnchanged(
    key: string,
    chunks: number,
    chunkPath: (chunk: number) => string,
  ): Promise<string | undefined> {
    const state = this.states.get(key);
    if (!state) return undefined;
    await state.tail;
    if (state.broken || state.next !== chunks + 1) return undefined;
    if (!(await this.unchanged(key, chunkPath))) return undefined;
    return state.hash.copy().digest('hex');
  }

  /** True when every hashed chunk file is still the file that was hashed. */
  async unchanged(key: string, chunkPath: (chunk: number) => string): Promise<boolean> {
    const state = this.states.get(key);
    if (!state) return false;
    for (const [index, identity] of state.identities.entries()) {
      if ((await identityOf(chunkPath(index + 1))) !== identity) return false;
    }
    return true;
  }

  forget(prefix: string): void {
    for (const key of [...this.states.keys()]) {
      if (key === prefix || key.startsWith(`${prefix}/`)) this.states.delete(key);
    }
  }

  get size(): number {
    return this.states.size;
  }
}

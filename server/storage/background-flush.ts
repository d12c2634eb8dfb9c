import fs from 'node:fs';

/** Flushes a file's bytes to the disk, so it is whole once renamed into place. */
export async function flushToDisk(file: string): Promise<void> {
  // Opened for writing: Windows flushes only through a handle that may write.
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/**
 * Flushes partial files to the disk in the background while their chunks arrive, so
 * the merge's own flush, which the client waits for, has little left to write: a 1 GiB upload
 * otherwise left its whole gigabyte in the page cache until the merge. At most one flush per file
 * at a time; a request while one runs makes it run once more afterwards. Failures are ignored
 * here: the merge's own flush reports them.
 */
export class BackgroundFlush {
  /** Per file being flushed: how many flushes were asked for, and the running loop. */
  private readonly running = new Map<string, { asked: number; done: Promise<void> }>();

  request(file: string): void {
    const current = this.running.get(file);
    if (current) {
      current.asked += 1;
      return;
    }
    const state = { asked: 1, done: Promise.resolve() };
    this.running.set(file, state);
    state.done = (async () => {
      let flushed = 0;
      while (flushed !== state.asked) {
        const asked = state.asked;
        await flushToDisk(file).catch(() => undefined);
        flushed = asked;
      }
      this.running.delete(file);
    })();
  }

  /** Waits until no background flush has the file open (before it is moved or deleted). */
  async settle(file: string): Promise<void> {
    for (let state = this.running.get(file); state; state = this.running.get(file)) {
      await state.done;
    }
  }
}

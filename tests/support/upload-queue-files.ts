import type { UploadItem, UploadQueue } from '../../renderer/core/upload/upload-queue';
import type { UploadState } from '../../renderer/core/upload/upload-machine';

/** The upload queue's tests (renderer/core/upload/upload-queue*.test.ts): files and waits. */

export const KIB = 1024;
/** Retries that do not keep a test waiting. */
export const FAST_RETRY = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

/** `size` bytes of a sequence that `seed` picks: the same for the same seed. */
export function content(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let state = seed;
  for (let index = 0; index < size; index += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

export function fileOf(size: number, seed: number, name = `file-${String(seed)}.bin`): File {
  return new File([content(size, seed)], name, { lastModified: 1_700_000_000_000 + seed });
}

/** Resolves with the item once it reaches one of `states`. */
export function waitFor(
  queue: UploadQueue,
  id: string,
  states: UploadState[],
): Promise<UploadItem> {
  return new Promise((resolve) => {
    const check = () => {
      const item = queue.get(id);
      if (item && states.includes(item.state)) {
        stop();
        resolve(item);
      }
    };
    const stop = queue.subscribe(check);
    check();
  });
}

import { receiveBlocks, ReaderUnavailableError, type BlockReceiver } from './block-pipe';
import { createMd5Hasher, hashBlob, type Md5Hasher } from './md5-engine';
import {
  PROGRESS_INTERVAL_MS,
  type HashReply,
  type HashRequest,
  type ReadMode,
} from './md5-protocol';

/**
 * The MD5 worker: hashes a file block by block off the main thread, so the page never freezes,
 * whatever the file's size. A second worker of its own reads the file meanwhile
 * (md5-reader.worker.ts), so reading and hashing overlap; where that worker cannot start, this
 * one reads too. One job at a time; the page terminates the worker (and so its reader) to abort.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashReply): void;
}

const scope = self as unknown as WorkerScope;

/** Starts the reading worker on the file; null where workers cannot start workers. */
function startReader(
  blob: Blob,
  blockSize: number,
): { receiver: BlockReceiver; stop(): void } | null {
  let reader: Worker;
  try {
    reader = new Worker(new URL('./md5-reader.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  const channel = new MessageChannel();
  const receiver = receiveBlocks(channel.port1);
  reader.onerror = (event) => {
    event.preventDefault();
    receiver.fail(new ReaderUnavailableError());
  };
  reader.postMessage({ blob, blockSize, port: channel.port2 }, [channel.port2]);
  return {
    receiver,
    stop: () => {
      reader.terminate();
    },
  };
}

/** Hashes the blocks the reader sends; null when the reader failed before sending any. */
async function hashFromReader(
  request: HashRequest,
  hasher: Md5Hasher,
  onBlock: (loaded: number) => void,
): Promise<string | null> {
  const started = startReader(request.blob, request.blockSize);
  if (!started) return null;
  let loaded = 0;
  try {
    for await (const block of started.receiver.blocks) {
      hasher.update(block);
      loaded += block.length;
      onBlock(loaded);
    }
  } catch (error) {
    if (loaded === 0 && error instanceof ReaderUnavailableError) return null;
    throw error;
  } finally {
    started.stop();
  }
  return hasher.digest();
}

async function run(request: HashRequest): Promise<void> {
  const hasher = await createMd5Hasher(request.engine);
  let reportedAt = 0;
  const onBlock = (loaded: number) => {
    const now = performance.now();
    if (now - reportedAt < PROGRESS_INTERVAL_MS && loaded < request.blob.size) return;
    reportedAt = now;
    scope.postMessage({ type: 'progress', id: request.id, loaded });
  };
  let reading: ReadMode = 'parallel';
  let md5 = await hashFromReader(request, hasher, onBlock);
  if (md5 === null) {
    reading = 'same-thread';
    md5 = await hashBlob(request.blob, hasher, request.blockSize, onBlock);
  }
  scope.postMessage({ type: 'done', id: request.id, md5, engine: hasher.engine, reading });
}

scope.onmessage = (event) => {
  const request = event.data;
  run(request).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'error', id: request.id, message });
  });
};

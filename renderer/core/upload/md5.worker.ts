import { createMd5Hasher, hashBlob } from './md5-engine';
import { PROGRESS_INTERVAL_MS, type HashReply, type HashRequest } from './md5-protocol';

/**
 * The MD5 worker: reads and hashes a file block by block off the main thread, so the page never
 * freezes, whatever the file's size. One job at a time; the page terminates the worker to abort.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashReply): void;
}

const scope = self as unknown as WorkerScope;

async function run(request: HashRequest): Promise<void> {
  const hasher = await createMd5Hasher(request.engine);
  let reportedAt = 0;
  const { md5, reading } = await hashBlob(request.blob, hasher, request.blockSize, (loaded) => {
    const now = performance.now();
    if (now - reportedAt < PROGRESS_INTERVAL_MS && loaded < request.blob.size) return;
    reportedAt = now;
    scope.postMessage({ type: 'progress', id: request.id, loaded });
  });
  scope.postMessage({ type: 'done', id: request.id, md5, engine: hasher.engine, reading });
}

scope.onmessage = (event) => {
  const request = event.data;
  run(request).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ type: 'error', id: request.id, message });
  });
};

import { createIndexedDbQueueStore } from './queue-store';
import { UploadQueue, type UploadQueueOptions } from './upload-queue';

let current: { owner: string; queue: UploadQueue } | null = null;

/**
 * The page's upload queue for the signed-in user, kept in IndexedDB so unfinished uploads come
 * back after a reload. One per page: every upload widget of the page shares it (and the chunk
 * concurrency limit). Another user gets another queue.
 */
export function pageUploadQueue(owner: string, options: UploadQueueOptions = {}): UploadQueue {
  if (current?.owner === owner) return current.queue;
  current?.queue.dispose();
  const queue = new UploadQueue({ store: createIndexedDbQueueStore(), ...options, owner });
  current = { owner, queue };
  void queue.restore();
  return queue;
}

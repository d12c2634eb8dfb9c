import type { ReadMode } from './blob-blocks';
import type { Md5Engine, Md5Preference } from './md5-engine';

/** Messages between the page and the MD5 worker (md5.worker.ts). */
export interface HashRequest {
  type: 'hash';
  id: number;
  blob: Blob;
  blockSize: number;
  engine: Md5Preference;
}

export type HashReply =
  | { type: 'progress'; id: number; loaded: number }
  | { type: 'done'; id: number; md5: string; engine: Md5Engine; reading: ReadMode }
  | { type: 'error'; id: number; message: string };

/** Progress messages are sent at most this often, so the page is not flooded on fast disks. */
export const PROGRESS_INTERVAL_MS = 100;

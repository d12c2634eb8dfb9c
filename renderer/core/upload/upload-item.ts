import type { UploadErrorType, UploadedFileInfo } from '../../../contract/upload';
import { randomUuid } from '../random-uuid';
import { relativePathOf, timestampUid } from './file-descriptor';
import type { Md5Engine } from './md5-engine';
import { SpeedMeter } from './progress';
import type { UploadState } from './upload-machine';

/** What the list shows of one upload: an immutable snapshot, replaced on every change. */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  relativePath: string;
  state: UploadState;
  /** Why it is paused: by the user, or because the browser went offline. */
  pausedBy: 'user' | 'offline' | null;
  /** Bytes hashed so far. */
  hashed: number;
  md5: string | null;
  engine: Md5Engine | null;
  /** Bytes the server holds (or is receiving): rolls back when an attempt fails. */
  uploaded: number;
  /** The progress shown, 0–100 (spec §4: simulated below 80 for a single request). */
  percent: number;
  /** Bytes per second over the last seconds. */
  speed: number;
  remainingSeconds: number | null;
  mode: 'single' | 'chunked' | null;
  chunks: number;
  /** Chunks sent in this session, and chunks the server already had. */
  chunksSent: number;
  chunksSkipped: number;
  /** The server already had the whole file (spec §7 second-upload check). */
  instant: boolean;
  error: { type: UploadErrorType; message: string; status: number; code: string } | null;
  result: UploadedFileInfo | null;
  createdAt: number;
}

type ProgressField =
  | 'pausedBy'
  | 'hashed'
  | 'md5'
  | 'engine'
  | 'uploaded'
  | 'percent'
  | 'speed'
  | 'remainingSeconds'
  | 'mode'
  | 'chunks'
  | 'chunksSent'
  | 'chunksSkipped'
  | 'instant'
  | 'error'
  | 'result';

/** The progress of an item that has not started: a new file, or one restored without it. */
export function notStarted(): Pick<UploadItem, ProgressField> {
  return {
    pausedBy: null,
    hashed: 0,
    md5: null,
    engine: null,
    uploaded: 0,
    percent: 0,
    speed: 0,
    remainingSeconds: null,
    mode: null,
    chunks: 0,
    chunksSent: 0,
    chunksSkipped: 0,
    instant: false,
    error: null,
    result: null,
  };
}

/** One upload as the queue (upload-queue.ts) works on it: its item and what only the queue sees. */
export interface Entry {
  item: UploadItem;
  file: File | null;
  controller: AbortController | null;
  meter: SpeedMeter;
  /** Bytes confirmed on the server (chunks sent or skipped). */
  confirmed: number;
  /** Bytes of chunks in flight, by chunk index: dropped when the attempt fails. */
  inflight: Map<number, number>;
  uid: string;
  serverId: string;
  chunkSize: number;
  fileUpload: string | null;
}

/** A new upload of `file`, queued, with the settings it keeps until it ends. */
export function newEntry(
  file: File,
  settings: Pick<Entry, 'serverId' | 'chunkSize' | 'fileUpload'>,
): Entry {
  return {
    item: {
      id: randomUuid(),
      name: file.name,
      size: file.size,
      type: file.type,
      lastModified: file.lastModified,
      relativePath: relativePathOf(file),
      state: 'queued',
      ...notStarted(),
      createdAt: Date.now(),
    },
    file,
    controller: null,
    meter: new SpeedMeter(),
    confirmed: 0,
    inflight: new Map(),
    uid: timestampUid(),
    ...settings,
  };
}

/** Whether `a` is the file `b` names (a restored upload waits for a file of its name and size). */
export function sameFile(
  a: { name: string; size: number },
  b: { name: string; size: number },
): boolean {
  return a.name === b.name && a.size === b.size;
}

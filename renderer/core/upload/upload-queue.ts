import {
  DEFAULT_CHUNK_CONCURRENCY,
  DEFAULT_SERVER_ID,
  UPLOAD_CHUNK_SIZE,
  type ChunkProfile,
  type UploadErrorType,
  type UploadedFileInfo,
} from '../../../contract/upload';
import { chooseChunkSize, planUpload } from './chunk-plan';
import { EntryProgress } from './entry-progress';
import { hashFile, type HashOptions, type HashResult } from './hash-file';
import type { Md5Preference } from './md5-engine';
import { browserOnline, waitUntilOnline, type OnlineSource } from './online-source';
import { entryFromRecord, recordOf } from './queue-persistence';
import type { QueueStore } from './queue-store';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { createUploadTransport, type UploadTarget, type UploadTransport } from './transport';
import { uploadApi, type UploadApi } from './upload-api';
import { newEntry, sameFile, type Entry, type UploadItem } from './upload-item';
import { toUploadError, type UploadError } from './upload-error';
import { isActive, isFinished, transition, type UploadEvent } from './upload-machine';

export type { UploadItem } from './upload-item';
export { browserOnline, type OnlineSource } from './online-source';

export interface UploadQueueOptions {
  /** Spec §9: 2 MB by default. */
  chunkSize?: number;
  /**
   * 'large-file' cuts large files in larger chunks (LARGE_FILE_CHUNK_PROFILE), or an
   * application's own steps; 'default' (the default) always uses `chunkSize`. The size is chosen
   * when a file is added and kept by its upload, also when it resumes after a reload.
   */
  chunkProfile?: ChunkProfile;
  /** Chunk requests in flight at once for the whole queue (default 3). */
  chunkConcurrency?: number;
  /** Files worked on at once (hashing one while another uploads). */
  fileConcurrency?: number;
  serverId?: string;
  /** Spec §3: the field name of the file in a single upload. */
  fileField?: string;
  /** Spec §7: sent as fileUpload with a single upload when given. */
  fileUpload?: string;
  /** Spec §7: the extra data sent with the second-upload check. */
  extraData?: Record<string, string>;
  retry?: RetryPolicy;
  md5Engine?: Md5Preference;
  api?: UploadApi;
  hash?: (blob: Blob, options: HashOptions) => Promise<HashResult>;
  /** Where the queue is kept for resuming after a reload; null keeps nothing. */
  store?: QueueStore | null;
  /** The user the kept queue belongs to. */
  owner?: string;
  online?: OnlineSource;
  random?: () => number;
  /** How often the simulated progress of a single request moves (ms). */
  simulatedProgressMs?: number;
  /** How often listeners hear about progress (ms); state changes are told at once. */
  notifyIntervalMs?: number;
}

export type QueueListener = (items: readonly UploadItem[]) => void;
export type UploadErrorListener = (item: UploadItem, error: UploadError) => void;
export type UploadDoneListener = (item: UploadItem, result: UploadedFileInfo) => void;

/** Resolves in a later task of the event loop (after the current one and its rendering). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The upload queue (spec §4 flow, §8 errors): several files, each a state machine
 * (upload-machine.ts); MD5 in a worker, then the calls of transport.ts: the second-upload
 * check, one request or chunks, the merge. Pause, resume, cancel and retry per file and for
 * all; everything pauses while the browser is offline. The queue is kept (queue-store.ts) so an
 * upload resumes after a reload once its file is selected again.
 */
export class UploadQueue {
  private readonly entries = new Map<string, Entry>();
  private order: string[] = [];
  private snapshot: readonly UploadItem[] = [];
  private readonly listeners = new Set<QueueListener>();
  private readonly errorListeners = new Set<UploadErrorListener>();
  private readonly doneListeners = new Set<UploadDoneListener>();
  private readonly transport: UploadTransport;
  private readonly options: Required<
    Omit<UploadQueueOptions, 'fileUpload' | 'store' | 'owner' | 'extraData'>
  > &
    Pick<UploadQueueOptions, 'fileUpload' | 'extraData'>;
  private readonly store: QueueStore | null;
  private readonly owner: string;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly unsubscribeOnline: () => void;
  private restored = false;
  private readonly progress = new EntryProgress((entry, patch) => {
    this.update(entry, patch);
  });

  constructor(options: UploadQueueOptions = {}) {
    this.options = {
      chunkSize: options.chunkSize ?? UPLOAD_CHUNK_SIZE,
      chunkProfile: options.chunkProfile ?? 'default',
      chunkConcurrency: options.chunkConcurrency ?? DEFAULT_CHUNK_CONCURRENCY,
      fileConcurrency: options.fileConcurrency ?? 2,
      serverId: options.serverId ?? DEFAULT_SERVER_ID,
      fileField: options.fileField ?? 'file',
      fileUpload: options.fileUpload,
      extraData: options.extraData,
      retry: options.retry ?? DEFAULT_RETRY,
      md5Engine: options.md5Engine ?? 'auto',
      api: options.api ?? uploadApi,
      hash: options.hash ?? hashFile,
      online: options.online ?? browserOnline,
      random: options.random ?? Math.random,
      simulatedProgressMs: options.simulatedProgressMs ?? 400,
      notifyIntervalMs: options.notifyIntervalMs ?? 100,
    };
    // A profile with nonsense steps is refused here, not when the first file is added.
    chooseChunkSize(0, this.options.chunkProfile, this.options.chunkSize);
    this.store = options.store ?? null;
    this.owner = options.owner ?? '';
    this.transport = createUploadTransport({
      api: this.options.api,
      retry: this.options.retry,
      random: this.options.random,
      chunkConcurrency: this.options.chunkConcurrency,
      fileField: this.options.fileField,
      extraData: this.options.extraData,
      waitUntilOnline: (signal) => waitUntilOnline(this.options.online, signal),
    });
    this.unsubscribeOnline = this.options.online.subscribe((online) => {
      if (online) this.onOnline();
      else this.onOffline();
    });
  }

  // ---- reading -----------------------------------------------------------------------------

  items(): readonly UploadItem[] {
    return this.snapshot;
  }

  get(id: string): UploadItem | undefined {
    return this.entries.get(id)?.item;
  }

  subscribe(listener: QueueListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onError(listener: UploadErrorListener): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  onDone(listener: UploadDoneListener): () => void {
    this.doneListeners.add(listener);
    return () => this.doneListeners.delete(listener);
  }

  /** Resolves when no file is queued or active (tests, and "upload all then close"). */
  async idle(): Promise<void> {
    while (this.snapshot.some((item) => item.state === 'queued' || isActive(item.state))) {
      await new Promise<void>((resolve) => {
        const stop = this.subscribe(() => {
          stop();
          resolve();
        });
      });
    }
  }

  // ---- adding and restoring ------------------------------------------------------------------

  /**
   * Adds files. A file matching an upload restored from a previous visit (same name and size)
   * resumes that upload instead of starting another.
   */
  add(files: readonly File[]): UploadItem[] {
    const added: UploadItem[] = [];
    for (const file of files) {
      const waiting = [...this.entries.values()].find(
        (entry) => entry.item.state === 'needs-file' && sameFile(entry.item, file),
      );
      if (waiting) {
        this.attach(waiting, file);
        added.push(waiting.item);
        continue;
      }
      const entry = newEntry(file, {
        serverId: this.options.serverId,
        chunkSize: chooseChunkSize(file.size, this.options.chunkProfile, this.options.chunkSize),
        fileUpload: this.options.fileUpload ?? null,
      });
      this.entries.set(entry.item.id, entry);
      this.order.push(entry.item.id);
      this.persist(entry);
      added.push(entry.item);
    }
    this.changed(true);
    this.pump();
    return added;
  }

  /** Gives a restored upload its file again (the user selected it); false when it is not it. */
  attachFile(id: string, file: File): boolean {
    const entry = this.entries.get(id);
    if (entry?.item.state !== 'needs-file' || !sameFile(entry.item, file)) return false;
    this.attach(entry, file);
    this.changed(true);
    this.pump();
    return true;
  }

  private attach(entry: Entry, file: File): void {
    entry.file = file;
    this.apply(entry, 'file', { lastModified: file.lastModified });
  }

  /** Loads the uploads left unfinished by a previous visit; they wait for their files. */
  async restore(): Promise<UploadItem[]> {
    if (!this.store || this.restored) return [];
    this.restored = true;
    const records = await this.store.list(this.owner);
    const restored: UploadItem[] = [];
    for (const record of records) {
      if (this.entries.has(record.id)) continue;
      const entry = entryFromRecord(record);
      this.entries.set(record.id, entry);
      this.order.push(record.id);
      restored.push(entry.item);
    }
    if (restored.length > 0) this.changed(true);
    return restored;
  }

  // ---- controls ------------------------------------------------------------------------------

  pause(id: string, by: 'user' | 'offline' = 'user'): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!this.apply(entry, 'pause', { pausedBy: by, speed: 0, remainingSeconds: null })) return;
    this.stop(entry);
    this.changed(true);
    this.pump();
  }

  resume(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!this.apply(entry, 'resume', { pausedBy: null })) return;
    this.changed(true);
    this.pump();
  }

  /** Spec §4 abort: stops the upload for good (the server cleans its chunks up later). */
  cancel(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!this.apply(entry, 'cancel', { speed: 0, remainingSeconds: null })) return;
    this.stop(entry);
    void this.store?.delete(id);
    this.changed(true);
    this.pump();
  }

  retry(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (!this.apply(entry, 'retry', { error: null })) return;
    this.changed(true);
    this.pump();
  }

  /** Takes a finished, failed or waiting upload off the list. */
  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || isActive(entry.item.state) || entry.item.state === 'queued') return;
    this.entries.delete(id);
    this.order = this.order.filter((other) => other !== id);
    void this.store?.delete(id);
    this.changed(true);
  }

  pauseAll(): void {
    for (const id of [...this.order]) this.pause(id);
  }

  resumeAll(): void {
    for (const id of [...this.order]) {
      if (this.entries.get(id)?.item.state === 'paused') this.resume(id);
    }
  }

  cancelAll(): void {
    for (const id of [...this.order]) this.cancel(id);
  }

  clearFinished(): void {
    for (const id of [...this.order]) {
      const state = this.entries.get(id)?.item.state;
      if (state !== undefined && isFinished(state)) this.remove(id);
    }
  }

  dispose(): void {
    this.unsubscribeOnline();
    for (const entry of this.entries.values()) entry.controller?.abort();
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.listeners.clear();
  }

  private onOffline(): void {
    for (const entry of this.entries.values()) {
      if (entry.item.state === 'queued' || isActive(entry.item.state)) {
        this.pause(entry.item.id, 'offline');
      }
    }
  }

  private onOnline(): void {
    for (const entry of this.entries.values()) {
      if (entry.item.state === 'paused' && entry.item.pausedBy === 'offline') {
        this.resume(entry.item.id);
      }
    }
  }

  // ---- the state machine -----------------------------------------------------------------------

  /** Applies an event; false (and nothing changes) when the machine does not allow it. */
  private apply(entry: Entry, event: UploadEvent, patch: Partial<UploadItem> = {}): boolean {
    const next = transition(entry.item.state, event);
    if (next === null) return false;
    entry.item = { ...entry.item, ...patch, state: next };
    if (isFinished(next)) {
      void this.store?.delete(entry.item.id);
    } else if (event !== 'start' && event !== 'hashed' && event !== 'missing') {
      this.persist(entry);
    }
    return true;
  }

  private update(entry: Entry, patch: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...patch };
    this.changed(false);
  }

  private stop(entry: Entry): void {
    entry.controller?.abort();
    entry.controller = null;
    entry.inflight.clear();
  }

  private persist(entry: Entry): void {
    void this.store?.put(recordOf(entry, this.owner));
  }

  private changed(immediate: boolean): void {
    if (immediate) {
      if (this.notifyTimer) clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
      this.flush();
      return;
    }
    this.notifyTimer ??= setTimeout(() => {
      this.notifyTimer = null;
      this.flush();
    }, this.options.notifyIntervalMs);
  }

  private flush(): void {
    this.snapshot = this.order.flatMap((id) => {
      const entry = this.entries.get(id);
      return entry ? [entry.item] : [];
    });
    for (const listener of [...this.listeners]) listener(this.snapshot);
  }

  /** Starts queued files while file slots are free. */
  private pump(): void {
    if (!this.options.online.isOnline()) return;
    let active = [...this.entries.values()].filter((entry) => isActive(entry.item.state)).length;
    for (const id of this.order) {
      if (active >= this.options.fileConcurrency) return;
      const entry = this.entries.get(id);
      if (entry?.item.state !== 'queued' || !entry.file) continue;
      active += 1;
      void this.run(entry, entry.file);
    }
  }

  // ---- one upload ------------------------------------------------------------------------------

  private async run(entry: Entry, file: File): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    const { signal } = controller;
    entry.confirmed = 0;
    entry.inflight.clear();
    entry.meter.reset();
    let step: UploadErrorType = 'uploadunkerror';
    try {
      this.apply(entry, 'start', {
        error: null,
        percent: 0,
        uploaded: 0,
        speed: 0,
        chunksSent: 0,
        chunksSkipped: 0,
      });
      this.changed(true);
      // The file selection's task ends here: the list renders its new row, and the MD5 starts
      // in a task of its own (together they were the main thread's longest task).
      await nextTask();
      if (signal.aborted) return;
      const md5 = entry.item.md5 ?? (await this.hash(entry, file, signal));
      this.apply(entry, 'hashed', { md5, hashed: file.size });
      this.changed(true);

      const target: UploadTarget = {
        file,
        md5,
        uid: entry.uid,
        serverId: entry.serverId,
        chunkSize: entry.chunkSize,
        fileUpload: entry.fileUpload,
      };
      step = 'checkerror';
      const found = await this.transport.check(target, signal);
      if (found) {
        this.finish(entry, 'found', found, { instant: true, uploaded: file.size });
        return;
      }

      const plan = planUpload(file.size, entry.chunkSize);
      this.apply(entry, 'missing', { mode: plan.mode, chunks: plan.chunks.length });
      this.changed(true);
      if (plan.mode === 'single') {
        step = 'uploaderror';
        const result = await this.uploadSingle(entry, target, signal);
        this.finish(entry, 'sent', result, { uploaded: file.size });
        return;
      }
      step = 'uploaderror';
      await this.transport.sendChunks(target, plan.chunks, signal, this.progress.chunks(entry));
      this.apply(entry, 'chunks-sent', { speed: 0, remainingSeconds: 0 });
      this.changed(true);
      step = 'chunkmerge';
      const result = await this.transport.merge(target, plan.chunks.length, signal);
      this.finish(entry, 'merged', result, {});
    } catch (error) {
      const failure = toUploadError(step, error);
      // A pause or a cancel aborted the work: the state is already set.
      if (failure.aborted || signal.aborted) return;
      this.apply(entry, 'fail', {
        error: {
          type: failure.type,
          message: failure.message,
          status: failure.status,
          code: failure.code,
        },
        speed: 0,
        remainingSeconds: null,
        uploaded: entry.confirmed,
      });
      this.changed(true);
      for (const listener of this.errorListeners) listener(entry.item, failure);
    } finally {
      if (entry.controller === controller) entry.controller = null;
      this.pump();
    }
  }

  private finish(
    entry: Entry,
    event: 'found' | 'sent' | 'merged',
    result: UploadedFileInfo,
    patch: Partial<UploadItem>,
  ): void {
    if (
      !this.apply(entry, event, {
        ...patch,
        result,
        percent: 100,
        uploaded: entry.item.size,
        speed: 0,
        remainingSeconds: 0,
      })
    ) {
      return;
    }
    this.changed(true);
    for (const listener of this.doneListeners) listener(entry.item, result);
  }

  private async hash(entry: Entry, file: File, signal: AbortSignal): Promise<string> {
    try {
      const result = await this.options.hash(file, {
        engine: this.options.md5Engine,
        signal,
        onProgress: (loaded) => {
          this.update(entry, { hashed: loaded });
        },
      });
      this.update(entry, { engine: result.engine });
      return result.md5;
    } catch (error) {
      throw toUploadError('uploadunkerror', error);
    }
  }

  /** One request, with simulated progress while it travels (spec §4). */
  private async uploadSingle(
    entry: Entry,
    target: UploadTarget,
    signal: AbortSignal,
  ): Promise<UploadedFileInfo> {
    const stop = this.progress.simulate(
      entry,
      this.options.random,
      this.options.simulatedProgressMs,
    );
    try {
      return await this.transport.sendSingle(target, signal, this.progress.single(entry));
    } finally {
      stop();
    }
  }
}

import { initialSimulatedProgress, nextSimulatedProgress, remainingSeconds } from './progress';
import type { ChunkProgress, SingleProgress } from './transport';
import type { Entry, UploadItem } from './upload-item';

/** Applies a patch to an upload's item and tells the queue's listeners (upload-queue.ts). */
export type UpdateItem = (entry: Entry, patch: Partial<UploadItem>) => void;

/**
 * An upload's figures (bytes on the server, speed, time left, percent) from what its requests
 * report (transport.ts), through the queue's `update`.
 */
export class EntryProgress {
  constructor(private readonly update: UpdateItem) {}

  /**
   * Simulated progress while a single request travels (spec §4), moving every `intervalMs`;
   * returns the function that stops it.
   */
  simulate(entry: Entry, random: () => number, intervalMs: number): () => void {
    this.update(entry, { percent: initialSimulatedProgress(random) });
    const timer = setInterval(() => {
      this.update(entry, { percent: nextSimulatedProgress(entry.item.percent, random) });
    }, intervalMs);
    return () => {
      clearInterval(timer);
    };
  }

  /** What the single request of `entry` reports. */
  single(entry: Entry): SingleProgress {
    return {
      sending: (bytes) => {
        this.bytes(entry, 0, bytes);
      },
      retrying: () => {
        entry.inflight.clear();
      },
    };
  }

  /** What the chunks of `entry` report, turned into its figures. */
  chunks(entry: Entry): ChunkProgress {
    return {
      sending: (chunk, bytes) => {
        this.bytes(entry, chunk, bytes);
      },
      // Progress rolls back: the failed attempt's bytes are not on the server.
      retrying: (chunk) => {
        entry.inflight.delete(chunk);
        this.bytes(entry, chunk, 0, true);
      },
      settled: (chunk, bytes, how) => {
        entry.inflight.delete(chunk);
        entry.confirmed += bytes;
        if (how === 'sent') this.update(entry, { chunksSent: entry.item.chunksSent + 1 });
        else this.update(entry, { chunksSkipped: entry.item.chunksSkipped + 1 });
        this.bytes(entry, chunk, 0, true);
      },
    };
  }

  /** Records bytes in flight for a chunk (0 for a single request) and refreshes the figures. */
  private bytes(entry: Entry, chunk: number, inflightBytes: number, settled = false): void {
    if (!settled) {
      const before = entry.inflight.get(chunk) ?? 0;
      entry.meter.add(inflightBytes - before);
      entry.inflight.set(chunk, inflightBytes);
    } else {
      entry.meter.add(0);
    }
    let inflight = 0;
    for (const bytes of entry.inflight.values()) inflight += bytes;
    const uploaded = Math.min(entry.item.size, entry.confirmed + inflight);
    const speed = entry.meter.speed();
    const patch: Partial<UploadItem> = {
      uploaded,
      speed,
      remainingSeconds: remainingSeconds(entry.item.size - uploaded, speed),
    };
    // A single request shows simulated progress; chunks show real bytes (spec §4).
    if (entry.item.mode === 'chunked') {
      patch.percent = Math.floor((uploaded / Math.max(1, entry.item.size)) * 100);
    }
    this.update(entry, patch);
  }
}

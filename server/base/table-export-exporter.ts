import {
  WorkerJobError,
  WorkerPool,
  WorkerPoolBusyError,
  workerEntry,
  type WorkerPoolOptions,
} from './worker-pool';

/**
 * The table export's heavy work (reading the HTML, building the workbook with exceljs) runs in
 * worker threads, never on the request thread: a large export cannot hold up other requests.
 * docs/upload.md (table export) lists the limits.
 */

/** What a worker is asked: the posted HTML, the title and the sheet name fallback. */
export interface TableExportJob {
  html: string;
  title: string;
  sheetFallback: string;
}

/** What a worker answers. */
export type TableExportResult =
  { kind: 'xlsx'; bytes: Uint8Array } | { kind: 'noTable' } | { kind: 'tooLarge' };

export type TableExportOutcome =
  | { kind: 'xlsx'; bytes: Buffer }
  | { kind: 'noTable' }
  | { kind: 'tooLarge' }
  /** All workers busy and the queue full. */
  | { kind: 'busy' }
  /** Over the time limit, the worker's memory limit, or a crash. */
  | { kind: 'failed'; error: Error };

export interface TableExporter {
  export(job: TableExportJob): Promise<TableExportOutcome>;
  close(): Promise<void>;
}

export const TABLE_EXPORT_POOL = {
  /** Threads building workbooks at once. */
  maxWorkers: 2,
  /** Exports waiting for a thread; more are answered 503 at once. */
  maxQueued: 4,
  /** A table at the limits takes about 5 s; a job over this is stopped (its thread ended). */
  jobTimeoutMs: 30_000,
  /** An idle thread is ended after this, returning its memory. */
  idleTimeoutMs: 60_000,
  /** A thread's JavaScript heap; a table at the limits needs about 220 MB of memory. */
  maxOldGenerationSizeMb: 512,
} as const;

export type TableExportPoolSettings = { -readonly [K in keyof typeof TABLE_EXPORT_POOL]: number };

/** No '<table' at all: certainly no table, answered without a worker. */
const TABLE_TAG = /<table/i;

export function createTableExporter(
  settings: Partial<TableExportPoolSettings> = {},
): TableExporter {
  const { maxWorkers, maxQueued, jobTimeoutMs, idleTimeoutMs, maxOldGenerationSizeMb } = {
    ...TABLE_EXPORT_POOL,
    ...settings,
  };
  const options: WorkerPoolOptions = {
    entry: workerEntry(import.meta.url, 'table-export-worker'),
    name: 'table-export',
    maxWorkers,
    maxQueued,
    jobTimeoutMs,
    idleTimeoutMs,
    resourceLimits: { maxOldGenerationSizeMb },
  };
  const pool = new WorkerPool<TableExportJob, TableExportResult>(options);
  return {
    async export(job) {
      if (!TABLE_TAG.test(job.html)) return { kind: 'noTable' };
      try {
        const result = await pool.run(job);
        if (result.kind !== 'xlsx') return result;
        return {
          kind: 'xlsx',
          bytes: Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.length),
        };
      } catch (error) {
        if (error instanceof WorkerPoolBusyError) return { kind: 'busy' };
        if (error instanceof Error && !(error instanceof WorkerJobError)) {
          return { kind: 'failed', error };
        }
        throw error;
      }
    },
    close: () => pool.close(),
  };
}

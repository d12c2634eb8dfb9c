import type { ServerOptions } from '../config';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

/** The upload limits of the reference server (docs/upload.md), resolved from its options. */
export interface UploadLimits {
  /** The largest file part one request may carry: a single upload or one chunk. */
  maxRequestBytes: number;
  /** The largest file a chunked upload may declare. */
  maxFileBytes: number;
  /** Partial uploads untouched for longer than this are deleted (milliseconds). */
  partialMaxAgeMs: number;
  /** How often the clean-up of partial uploads runs at most (milliseconds). */
  cleanupIntervalMs: number;
  /** More chunks than this is an abnormal count, whatever the sizes say. */
  maxChunks: number;
  /** The body limit of the base64 image call (the text is 4/3 of the image). */
  base64BodyBytes: number;
  /** The body limit of the table export (the posted HTML). */
  tableExportBodyBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  // Chunks are 2 MB (64 MiB at most in the large-file profile, docs/upload.md); the single
  // upload is meant for files up to one chunk, but platform applications also post whole
  // documents through it.
  maxRequestBytes: 100 * MIB,
  // A 2 GB video with room to spare.
  maxFileBytes: 8 * GIB,
  // A paused upload survives a long weekend.
  partialMaxAgeMs: 7 * 24 * 3600 * 1000,
  cleanupIntervalMs: 3600 * 1000,
  maxChunks: 100_000,
  base64BodyBytes: 16 * MIB,
  tableExportBodyBytes: 8 * MIB,
};

export function uploadLimits(options: ServerOptions): UploadLimits {
  return {
    ...DEFAULT_UPLOAD_LIMITS,
    maxRequestBytes: options.uploadMaxRequestBytes ?? DEFAULT_UPLOAD_LIMITS.maxRequestBytes,
    maxFileBytes: options.uploadMaxFileBytes ?? DEFAULT_UPLOAD_LIMITS.maxFileBytes,
    partialMaxAgeMs:
      options.uploadPartialMaxAgeSeconds !== undefined
        ? options.uploadPartialMaxAgeSeconds * 1000
        : DEFAULT_UPLOAD_LIMITS.partialMaxAgeMs,
  };
}

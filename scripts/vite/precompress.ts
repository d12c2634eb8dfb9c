import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import {
  PRECOMPRESSED_ENCODINGS,
  PRECOMPRESSED_TYPES,
  type PrecompressedEncoding,
} from '../../contract/web-build.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, a compressed copy saves less than its own request headers. */
export const MIN_PRECOMPRESS_BYTES = 1024;
/** A copy is kept only when it is at most this share of the original. */
const MAX_RATIO = 0.9;
/** Files compressed at once (zlib's work runs on libuv's four threads). */
const PARALLEL = 4;

function compress(encoding: PrecompressedEncoding, data: Buffer): Promise<Buffer> {
  if (encoding === 'br') {
    return brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
  }
  return gzipAsync(data, { level: constants.Z_BEST_COMPRESSION });
}

async function mtimeMs(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

export interface PrecompressResult {
  /** Text files looked at. */
  files: number;
  /** Compressed copies written (copies already newer than their file are kept). */
  written: number;
  bytesIn: number;
  /** Bytes of the Brotli copies, or of the file where it has none. */
  bytesBr: number;
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build under `dir` (the types of
 * PRECOMPRESSED_TYPES) that compression makes at least 10 % smaller, so the server sends them
 * without compressing on each request. A copy newer than its file is kept; a stale copy that is
 * no longer worth keeping is removed, so the server never sends an older version of a file.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const names = (await readdir(dir, { recursive: true })).filter((name) =>
    Object.hasOwn(PRECOMPRESSED_TYPES, path.extname(name)),
  );
  const result: PrecompressResult = { files: 0, written: 0, bytesIn: 0, bytesBr: 0 };
  const one = async (name: string): Promise<void> => {
    const file = path.join(dir, name);
    const info = await stat(file);
    if (!info.isFile()) return;
    result.files += 1;
    result.bytesIn += info.size;
    let data: Buffer | undefined;
    let brBytes = info.size;
    for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
      const copy = file + suffix;
      const copyTime = await mtimeMs(copy);
      if (copyTime !== undefined && copyTime >= info.mtimeMs) {
        if (encoding === 'br') brBytes = (await stat(copy)).size;
        continue;
      }
      data ??= await readFile(file);
      const packed =
        info.size >= MIN_PRECOMPRESS_BYTES ? await compress(encoding, data) : undefined;
      if (packed && packed.length <= info.size * MAX_RATIO) {
        await writeFile(copy, packed);
        result.written += 1;
        if (encoding === 'br') brBytes = packed.length;
      } else {
        await rm(copy, { force: true });
      }
    }
    result.bytesBr += brBytes;
  };
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < names.length) {
      const name = names[next++];
      if (name !== undefined) await one(name);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
  return result;
}

/** Compresses the build's text files once the bundle is written (see precompressDir). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'edudesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, written, bytesIn, bytesBr } = await precompressDir(outDir);
      this.info(
        `${String(written)} compressed copies of ${String(files)} text files: ` +
          `${(bytesIn / 1024).toFixed(0)} KiB, ${(bytesBr / 1024).toFixed(0)} KiB with Brotli`,
      );
    },
  };
}

import SparkMD5 from 'spark-md5';
import { blobBlocks, type ReadMode } from './blob-blocks';
import { createFastMd5 } from './md5-wasm';

/** wasm: the project's WebAssembly MD5 (md5-wasm.ts); spark: spark-md5 (plain JavaScript). */
export type Md5Engine = 'wasm' | 'spark';
/** auto: WebAssembly where it runs, spark-md5 where it does not (a strict CSP, an old engine). */
export type Md5Preference = 'auto' | Md5Engine;

export interface Md5Hasher {
  readonly engine: Md5Engine;
  update(bytes: Uint8Array): void;
  /** The lower-case hex digest; the hasher is done afterwards. */
  digest(): string;
}

function sparkHasher(): Md5Hasher {
  const spark = new SparkMD5.ArrayBuffer();
  return {
    engine: 'spark',
    update(bytes) {
      // spark-md5 takes an ArrayBuffer: hand over the whole buffer when the view covers it.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const buffer = whole ? bytes.buffer : bytes.slice().buffer;
      spark.append(buffer as ArrayBuffer);
    },
    digest: () => spark.end(),
  };
}

/**
 * An incremental MD5. With 'auto', WebAssembly is tried first: instantiating it fails
 * under a Content-Security-Policy without 'wasm-unsafe-eval' or on an engine without
 * WebAssembly, and spark-md5 takes over.
 */
export async function createMd5Hasher(preference: Md5Preference = 'auto'): Promise<Md5Hasher> {
  if (preference !== 'spark') {
    try {
      if (typeof WebAssembly === 'undefined') throw new Error('No WebAssembly');
      const wasm = await createFastMd5();
      return {
        engine: 'wasm',
        update(bytes) {
          wasm.update(bytes);
        },
        digest: () => wasm.digest(),
      };
    } catch (error) {
      if (preference === 'wasm') throw error;
    }
  }
  return sparkHasher();
}

/**
 * Hashes a Blob in blocks of `blockSize` (spec §9: 2 MB), calling `onBlock` after each, and
 * says how the bytes were read (`blobBlocks`).
 */
export async function hashBlob(
  blob: Blob,
  hasher: Md5Hasher,
  blockSize: number,
  onBlock: (loaded: number) => void | Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<{ md5: string; reading: ReadMode }> {
  const { mode, blocks } = blobBlocks(blob, blockSize);
  let loaded = 0;
  for await (const block of blocks) {
    if (shouldStop()) throw new DOMException('Hashing aborted', 'AbortError');
    hasher.update(block);
    loaded += block.length;
    await onBlock(loaded);
  }
  return { md5: hasher.digest(), reading: mode };
}

import { createMD5 } from 'hash-wasm';
import SparkMD5 from 'spark-md5';
import { streamBlocks } from './block-pipe';

/** wasm: hash-wasm's MD5 (WebAssembly); spark: spark-md5 (plain JavaScript). */
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
 * An incremental MD5. With 'auto', hash-wasm is tried first: instantiating WebAssembly fails
 * under a Content-Security-Policy without 'wasm-unsafe-eval' or on an engine without
 * WebAssembly, and spark-md5 takes over.
 */
export async function createMd5Hasher(preference: Md5Preference = 'auto'): Promise<Md5Hasher> {
  if (preference !== 'spark') {
    try {
      if (typeof WebAssembly === 'undefined') throw new Error('No WebAssembly');
      const wasm = await createMD5();
      wasm.init();
      return {
        engine: 'wasm',
        update(bytes) {
          wasm.update(bytes);
        },
        digest: () => wasm.digest('hex'),
      };
    } catch (error) {
      if (preference === 'wasm') throw error;
    }
  }
  return sparkHasher();
}

/**
 * Hashes a Blob in blocks of `blockSize` (spec §9: 2 MB), calling `onBlock` after each. The
 * bytes come from the Blob's stream where the engine has one (one continuous read, much faster
 * than a read per slice), re-cut into exact blocks; otherwise slice by slice, reading the next
 * block while the current one is hashed.
 */
export async function hashBlob(
  blob: Blob,
  hasher: Md5Hasher,
  blockSize: number,
  onBlock: (loaded: number) => void | Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<string> {
  if (typeof blob.stream === 'function') {
    await hashStream(blob, hasher, blockSize, onBlock, shouldStop);
  } else {
    await hashSlices(blob, hasher, blockSize, onBlock, shouldStop);
  }
  return hasher.digest();
}

function stopped(): DOMException {
  return new DOMException('Hashing aborted', 'AbortError');
}

async function hashStream(
  blob: Blob,
  hasher: Md5Hasher,
  blockSize: number,
  onBlock: (loaded: number) => void | Promise<void>,
  shouldStop: () => boolean,
): Promise<void> {
  let loaded = 0;
  for await (const block of streamBlocks(blob, blockSize)) {
    if (shouldStop()) throw stopped();
    hasher.update(block);
    loaded += block.length;
    await onBlock(loaded);
  }
}

async function hashSlices(
  blob: Blob,
  hasher: Md5Hasher,
  blockSize: number,
  onBlock: (loaded: number) => void | Promise<void>,
  shouldStop: () => boolean,
): Promise<void> {
  const read = (offset: number) =>
    blob
      .slice(offset, Math.min(offset + blockSize, blob.size))
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
  let next = blob.size > 0 ? read(0) : null;
  for (let offset = 0; next !== null; offset += blockSize) {
    const bytes = await next;
    next = offset + blockSize < blob.size ? read(offset + blockSize) : null;
    if (shouldStop()) throw stopped();
    hasher.update(bytes);
    await onBlock(Math.min(offset + blockSize, blob.size));
  }
}

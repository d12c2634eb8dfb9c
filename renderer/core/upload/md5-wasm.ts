/**
 * Fast MD5 backed by a small hand-generated WebAssembly module.
 *
 * The wasm bytes below are produced by `scripts/gen-md5-wasm.mjs`, which emits the
 * binary directly, without any toolchain. To regenerate them after editing the generator:
 *
 *   node scripts/gen-md5-wasm.mjs --ts=renderer/core/upload/md5-wasm.ts
 *
 * The module exports `memory` and `compress(ptr, blockCount)`, which runs the MD5 compression
 * function (fully unrolled, scheduled for a short critical path) over `blockCount` consecutive
 * 64-byte blocks at `ptr`. The MD5 state lives in wasm memory at bytes 0..15. This wrapper does
 * the buffering, padding and hex encoding, and copies input into wasm memory in large pieces
 * so that each piece costs a single call into wasm.
 *
 * Works in browsers (including Web Workers) and Node. Instantiating wasm from bytes requires the
 * CSP source 'wasm-unsafe-eval'.
 */

export interface FastMd5 {
  /** Resets the hasher to the empty-input state. */
  init(): void;
  /** Appends bytes to the message. */
  update(bytes: Uint8Array): void;
  /** Finishes the message and returns its MD5 as lower-case hex. Call init() before reuse. */
  digest(): string;
}

const WASM_BASE64 =
  // BEGIN WASM_BASE64
  'AGFzbQEAAAABBgFgAn9/AAMCAQAFAwEAAQcVAgZtZW1vcnkCAAhjb21wcmVzcwAACuoRAecRARh/QQAoAgAhAkEAKAIEIQNBACgC' +
  'CCEEQQAoAgwhBQJAIAFFDQADQCACIQYgAyEHIAQhCCAFIQkgACgCACEKIAAoAgQhCyAAKAIIIQwgACgCDCENIAAoAhAhDiAAKAIU' +
  'IQ8gACgCGCEQIAAoAhwhESAAKAIgIRIgACgCJCETIAAoAighFCAAKAIsIRUgACgCMCEWIAAoAjQhFyAAKAI4IRggACgCPCEZIAJB' +
  '+Miqu31qIApqIAUgBCAFcyADcXNqQQd3IANqIQIgBUHW7p7GfmogC2ogBCADIARzIAJxc2pBDHcgAmohBSAEQdvhgaECaiAMaiAD' +
  'IAIgA3MgBXFzakERdyAFaiEEIANB7p33jXxqIA1qIAIgBSACcyAEcXNqQRZ3IARqIQMgAkGvn/Crf2ogDmogBSAEIAVzIANxc2pB' +
  'B3cgA2ohAiAFQaqMn7wEaiAPaiAEIAMgBHMgAnFzakEMdyACaiEFIARBk4zBwXpqIBBqIAMgAiADcyAFcXNqQRF3IAVqIQQgA0GB' +
  'qppqaiARaiACIAUgAnMgBHFzakEWdyAEaiEDIAJB2LGCzAZqIBJqIAUgBCAFcyADcXNqQQd3IANqIQIgBUGv75PaeGogE2ogBCAD' +
  'IARzIAJxc2pBDHcgAmohBSAEQbG3fWogFGogAyACIANzIAVxc2pBEXcgBWohBCADQb6v88p4aiAVaiACIAUgAnMgBHFzakEWdyAE' +
  'aiEDIAJBoqLA3AZqIBZqIAUgBCAFcyADcXNqQQd3IANqIQIgBUGT4+FsaiAXaiAEIAMgBHMgAnFzakEMdyACaiEFIARBjofls3pq' +
  'IBhqIAMgAiADcyAFcXNqQRF3IAVqIQQgA0GhkNDNBGogGWogAiAFIAJzIARxc2pBFncgBGohAyACQeLK+LB/aiALaiAFQX9zIARx' +
  'aiAFIANxakEFdyADaiECIAVBwOaCgnxqIBBqIARBf3MgA3FqIAQgAnFqQQl3IAJqIQUgBEHRtPmyAmogFWogA0F/cyACcWogAyAF' +
  'cWpBDncgBWohBCADQaqP281+aiAKaiACQX9zIAVxaiACIARxakEUdyAEaiEDIAJB3aC8sX1qIA9qIAVBf3MgBHFqIAUgA3FqQQV3' +
  'IANqIQIgBUHTqJASaiAUaiAEQX9zIANxaiAEIAJxakEJdyACaiEFIARBgc2HxX1qIBlqIANBf3MgAnFqIAMgBXFqQQ53IAVqIQQg' +
  'A0HI98++fmogDmogAkF/cyAFcWogAiAEcWpBFHcgBGohAyACQeabh48CaiATaiAFQX9zIARxaiAFIANxakEFdyADaiECIAVB1o/c' +
  'mXxqIBhqIARBf3MgA3FqIAQgAnFqQQl3IAJqIQUgBEGHm9Smf2ogDWogA0F/cyACcWogAyAFcWpBDncgBWohBCADQe2p6KoEaiAS' +
  'aiACQX9zIAVxaiACIARxakEUdyAEaiEDIAJBhdKPz3pqIBdqIAVBf3MgBHFqIAUgA3FqQQV3IANqIQIgBUH4x75naiAMaiAEQX9z' +
  'IANxaiAEIAJxakEJdyACaiEFIARB2YW8uwZqIBFqIANBf3MgAnFqIAMgBXFqQQ53IAVqIQQgA0GKmanpeGogFmogAkF/cyAFcWog' +
  'AiAEcWpBFHcgBGohAyACQcLyaGogD2ogBCAFcyADc2pBBHcgA2ohAiAFQYHtx7t4aiASaiADIARzIAJzakELdyACaiEFIARBosL1' +
  '7AZqIBVqIAIgA3MgBXNqQRB3IAVqIQQgA0GM8JRvaiAYaiAFIAJzIARzakEXdyAEaiEDIAJBxNT7pXpqIAtqIAQgBXMgA3NqQQR3' +
  'IANqIQIgBUGpn/veBGogDmogAyAEcyACc2pBC3cgAmohBSAEQeCW7bV/aiARaiACIANzIAVzakEQdyAFaiEEIANB8Pj+9XtqIBRq' +
  'IAUgAnMgBHNqQRd3IARqIQMgAkHG/e3EAmogF2ogBCAFcyADc2pBBHcgA2ohAiAFQfrPhNV+aiAKaiADIARzIAJzakELdyACaiEF' +
  'IARBheG8p31qIA1qIAIgA3MgBXNqQRB3IAVqIQQgA0GFuqAkaiAQaiAFIAJzIARzakEXdyAEaiEDIAJBuaDTzn1qIBNqIAQgBXMg' +
  'A3NqQQR3IANqIQIgBUHls+62fmogFmogAyAEcyACc2pBC3cgAmohBSAEQfj5if0BaiAZaiACIANzIAVzakEQdyAFaiEEIANB5ayx' +
  'pXxqIAxqIAUgAnMgBHNqQRd3IARqIQMgAkHExKShf2ogCmogBUF/cyADciAEc2pBBncgA2ohAiAFQZf/q5kEaiARaiAEQX9zIAJy' +
  'IANzakEKdyACaiEFIARBp8fQ3HpqIBhqIANBf3MgBXIgAnNqQQ93IAVqIQQgA0G5wM5kaiAPaiACQX9zIARyIAVzakEVdyAEaiED' +
  'IAJBw7PtqgZqIBZqIAVBf3MgA3IgBHNqQQZ3IANqIQIgBUGSmbP4eGogDWogBEF/cyACciADc2pBCncgAmohBSAEQf3ov39qIBRq' +
  'IANBf3MgBXIgAnNqQQ93IAVqIQQgA0HRu5GseGogC2ogAkF/cyAEciAFc2pBFXcgBGohAyACQc/8of0GaiASaiAFQX9zIANyIARz' +
  'akEGdyADaiECIAVB4M2zcWogGWogBEF/cyACciADc2pBCncgAmohBSAEQZSGhZh6aiAQaiADQX9zIAVyIAJzakEPdyAFaiEEIANB' +
  'oaOg8ARqIBdqIAJBf3MgBHIgBXNqQRV3IARqIQMgAkGC/c26f2ogDmogBUF/cyADciAEc2pBBncgA2ohAiAFQbXk6+l7aiAVaiAE' +
  'QX9zIAJyIANzakEKdyACaiEFIARBu6Xf1gJqIAxqIANBf3MgBXIgAnNqQQ93IAVqIQQgA0GRp5vcfmogE2ogAkF/cyAEciAFc2pB' +
  'FXcgBGohAyACIAZqIQIgAyAHaiEDIAQgCGohBCAFIAlqIQUgAEHAAGohACABQQFrIgENAAsLQQAgAjYCAEEAIAM2AgRBACAENgII' +
  'QQAgBTYCDAs=';
// END WASM_BASE64

/** Byte offset of the MD5 state (four little-endian u32 words) in wasm memory. */
const STATE_OFFSET = 0;
/** Byte offset of the input staging area; 64-byte aligned. */
const DATA_OFFSET = 64;
/** Input is copied into wasm memory and compressed in pieces of this many bytes (multiple of 64). */
const CHUNK_SIZE = 1024 * 1024;
/** Room after a full chunk for the (at most two) padding blocks written by digest(). */
const PADDING_ROOM = 128;
const WASM_PAGE_SIZE = 65536;

const BLOCK_SIZE = 64;
const INITIAL_STATE = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476] as const;

interface Md5Exports {
  memory: WebAssembly.Memory;
  compress: (ptr: number, blockCount: number) => void;
}

let modulePromise: Promise<WebAssembly.Module> | undefined;

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function getModule(): Promise<WebAssembly.Module> {
  return (modulePromise ??= WebAssembly.compile(decodeBase64(WASM_BASE64)));
}

function getExports(instance: WebAssembly.Instance): Md5Exports {
  const { memory, compress } = instance.exports;
  if (!(memory instanceof WebAssembly.Memory) || typeof compress !== 'function') {
    throw new Error('md5-wasm: unexpected module exports');
  }
  return { memory, compress: compress as Md5Exports['compress'] };
}

/** Creates an MD5 hasher, ready to use (already initialised). */
export async function createFastMd5(): Promise<FastMd5> {
  const instance = await WebAssembly.instantiate(await getModule(), {});
  const { memory, compress } = getExports(instance);

  // Grow once up front; views over memory.buffer stay valid because memory never grows again.
  const requiredBytes = DATA_OFFSET + CHUNK_SIZE + PADDING_ROOM;
  const currentBytes = memory.buffer.byteLength;
  if (currentBytes < requiredBytes) {
    memory.grow(Math.ceil((requiredBytes - currentBytes) / WASM_PAGE_SIZE));
  }
  const heap = new Uint8Array(memory.buffer);
  const view = new DataView(memory.buffer);

  /** Bytes buffered at DATA_OFFSET that have not been compressed yet (always < CHUNK_SIZE). */
  let pendingLength = 0;
  /** Total message length in bytes (exact as a double up to 2^53). */
  let totalLength = 0;

  function init(): void {
    for (const [i, word] of INITIAL_STATE.entries())
      view.setUint32(STATE_OFFSET + 4 * i, word, true);
    pendingLength = 0;
    totalLength = 0;
  }

  function update(bytes: Uint8Array): void {
    const length = bytes.length;
    totalLength += length;
    let position = 0;
    while (position < length) {
      const pieceLength = Math.min(CHUNK_SIZE - pendingLength, length - position);
      heap.set(
        pieceLength === length ? bytes : bytes.subarray(position, position + pieceLength),
        DATA_OFFSET + pendingLength,
      );
      pendingLength += pieceLength;
      position += pieceLength;

      const blockCount = Math.floor(pendingLength / BLOCK_SIZE);
      if (blockCount === 0) continue;
      compress(DATA_OFFSET, blockCount);
      const consumed = blockCount * BLOCK_SIZE;
      if (pendingLength > consumed) {
        heap.copyWithin(DATA_OFFSET, DATA_OFFSET + consumed, DATA_OFFSET + pendingLength);
      }
      pendingLength -= consumed;
    }
  }

  function digest(): string {
    // Padding: 0x80, zeros up to 8 bytes before a block boundary, then the bit length (LE u64).
    const paddedLength = pendingLength < BLOCK_SIZE - 8 ? BLOCK_SIZE : 2 * BLOCK_SIZE;
    heap[DATA_OFFSET + pendingLength] = 0x80;
    heap.fill(0, DATA_OFFSET + pendingLength + 1, DATA_OFFSET + paddedLength - 8);
    const lengthOffset = DATA_OFFSET + paddedLength - 8;
    view.setUint32(lengthOffset, (totalLength % 0x20000000) * 8, true);
    view.setUint32(lengthOffset + 4, Math.floor(totalLength / 0x20000000), true);
    compress(DATA_OFFSET, paddedLength / BLOCK_SIZE);

    let hex = '';
    for (const byte of heap.subarray(STATE_OFFSET, STATE_OFFSET + 16)) {
      hex += byte.toString(16).padStart(2, '0');
    }
    return hex;
  }

  init();
  return { init, update, digest };
}

/**
 * A file's bytes handed from a reading thread to a hashing thread in whole blocks, so reading
 * the next blocks overlaps hashing the current one (one thread alone does one after the other).
 * Blocks are transferred, not copied; at most `maxInFlight` wait unhashed, bounding memory.
 */

/** What goes through the port, reader to hasher; the hasher answers each block with an ack. */
export type BlockMessage =
  { type: 'block'; block: Uint8Array } | { type: 'end' } | { type: 'error'; message: string };

/** The MessagePort surface both ends use (a worker's port, or Node's in tests). */
export interface BlockPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/** Blocks waiting in the hasher: 4 × 2 MB keeps the reader ahead without growing memory. */
export const DEFAULT_BLOCKS_IN_FLIGHT = 4;

/** One side waiting for the other's next message: `wait` resolves at the next `wake`. */
function waiter(): { wait(): Promise<void>; wake(): void } {
  let resume: (() => void) | null = null;
  return {
    wait: () =>
      new Promise<void>((resolve) => {
        resume = resolve;
      }),
    wake: () => {
      const waiting = resume;
      resume = null;
      waiting?.();
    },
  };
}

/**
 * A Blob's bytes in blocks of exactly `blockSize` (the last one shorter), read as one stream
 * (much faster than a read per slice). With `fresh`, each block is a new buffer the consumer may
 * keep or transfer; otherwise one buffer is reused, valid until the next block is asked for.
 */
export async function* streamBlocks(
  blob: Blob,
  blockSize: number,
  { fresh = false } = {},
): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  let left = blob.size;
  const nextBlock = () => new Uint8Array(Math.min(blockSize, Math.max(1, left)));
  let block = nextBlock();
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let offset = 0; offset < value.length;) {
        const take = Math.min(block.length - filled, value.length - offset);
        block.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === block.length) {
          left -= filled;
          filled = 0;
          yield block;
          if (fresh) block = nextBlock();
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (filled > 0) yield fresh ? block.slice(0, filled) : block.subarray(0, filled);
}

/**
 * The reading end: reads `blob` as one stream, cuts it into blocks of `blockSize` (the last
 * one shorter) and sends each, waiting while `maxInFlight` are unacknowledged. Ends with 'end',
 * or 'error' when the file cannot be read (it changed or vanished).
 */
export async function sendBlocks(
  blob: Blob,
  blockSize: number,
  port: BlockPort,
  maxInFlight = DEFAULT_BLOCKS_IN_FLIGHT,
): Promise<void> {
  let inFlight = 0;
  const acked = waiter();
  port.onmessage = () => {
    inFlight -= 1;
    acked.wake();
  };
  const send = async (block: Uint8Array) => {
    while (inFlight >= maxInFlight) await acked.wait();
    inFlight += 1;
    port.postMessage({ type: 'block', block } satisfies BlockMessage, [block.buffer]);
  };
  try {
    for await (const block of streamBlocks(blob, blockSize, { fresh: true })) await send(block);
    port.postMessage({ type: 'end' } satisfies BlockMessage);
  } catch (error) {
    port.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    } satisfies BlockMessage);
  }
}

/** The reading thread could not start (its script did not load): nothing was received. */
export class ReaderUnavailableError extends Error {
  constructor() {
    super('The reading worker could not start');
    this.name = 'ReaderUnavailableError';
  }
}

export interface BlockReceiver {
  /**
   * The blocks as they arrive; each is acknowledged once the consumer asks for the next (it has
   * been hashed). Throws the reader's error.
   */
  blocks: AsyncGenerator<Uint8Array>;
  /** Ends the blocks with an error (the reading thread failed). */
  fail(error: Error): void;
}

/** The hashing end of the pipe. */
export function receiveBlocks(port: BlockPort): BlockReceiver {
  const queue: (BlockMessage | Error)[] = [];
  const arrived = waiter();
  const push = (message: BlockMessage | Error) => {
    queue.push(message);
    arrived.wake();
  };
  port.onmessage = (event: MessageEvent) => {
    push(event.data as BlockMessage);
  };
  async function* blocks(): AsyncGenerator<Uint8Array> {
    try {
      for (;;) {
        while (queue.length === 0) await arrived.wait();
        const message = queue.shift();
        if (message instanceof Error) throw message;
        if (!message || message.type === 'end') return;
        if (message.type === 'error') throw new Error(message.message);
        yield message.block;
        port.postMessage('ack');
      }
    } finally {
      port.onmessage = null;
      port.close();
    }
  }
  return { blocks: blocks(), fail: push };
}

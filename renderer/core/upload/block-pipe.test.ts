import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ReaderUnavailableError,
  receiveBlocks,
  sendBlocks,
  type BlockMessage,
  type BlockPort,
} from './block-pipe';

const BLOCK = 1024;

function bytes(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, index) => (index * 31 + 7) % 251);
}

/** Pipes a file through a real MessageChannel and collects the block sizes and the MD5. */
async function pipe(content: Uint8Array<ArrayBuffer>, maxInFlight?: number) {
  const channel = new MessageChannel();
  const sending = sendBlocks(new Blob([content]), BLOCK, channel.port1, maxInFlight);
  const receiver = receiveBlocks(channel.port2);
  const hash = createHash('md5');
  const sizes: number[] = [];
  for await (const block of receiver.blocks) {
    hash.update(block);
    sizes.push(block.length);
  }
  await sending;
  channel.port1.close();
  return { md5: hash.digest('hex'), sizes };
}

describe('block pipe', () => {
  it.each([0, 1, BLOCK, BLOCK + 1, 5.5 * BLOCK])(
    'hands over %i bytes whole, in blocks of the block size (the last shorter)',
    async (length) => {
      const content = bytes(length);
      const { md5, sizes } = await pipe(content);
      expect(md5).toBe(createHash('md5').update(content).digest('hex'));
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(length);
      expect(sizes.slice(0, -1).every((size) => size === BLOCK)).toBe(true);
    },
  );

  it('keeps at most maxInFlight blocks unhashed, and sends more once they are', async () => {
    const channel = new MessageChannel();
    const received: BlockMessage[] = [];
    channel.port2.onmessage = (event: MessageEvent) => {
      received.push(event.data as BlockMessage);
    };
    let finished = false;
    const sending = sendBlocks(
      new Blob([bytes(10 * BLOCK)]),
      BLOCK,
      channel.port1 as unknown as BlockPort,
      3,
    ).then(() => {
      finished = true;
    });
    await expect.poll(() => received.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(3);
    expect(finished).toBe(false);
    channel.port2.postMessage('ack');
    await expect.poll(() => received.length).toBe(4);
    for (let ack = 0; ack < 10; ack += 1) channel.port2.postMessage('ack');
    await sending;
    await expect.poll(() => received.at(-1)?.type).toBe('end');
    channel.port1.close();
    channel.port2.close();
  });

  it("passes on the reader's error when the file cannot be read", async () => {
    const channel = new MessageChannel();
    const unreadable = {
      size: 3 * BLOCK,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new Error('The file changed while it was read'));
          },
        }),
    } as unknown as Blob;
    void sendBlocks(unreadable, BLOCK, channel.port1);
    const receiver = receiveBlocks(channel.port2);
    await expect(receiver.blocks.next()).rejects.toThrow('The file changed while it was read');
    channel.port1.close();
  });

  it('ends with the error given to fail (a reader that never started)', async () => {
    const channel = new MessageChannel();
    const receiver = receiveBlocks(channel.port2);
    receiver.fail(new ReaderUnavailableError());
    await expect(receiver.blocks.next()).rejects.toBeInstanceOf(ReaderUnavailableError);
    channel.port1.close();
  });
});

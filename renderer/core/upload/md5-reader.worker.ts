import { sendBlocks, type BlockPort } from './block-pipe';

/**
 * The MD5 worker's reader (started by md5.worker.ts): reads the file as one stream and hands it
 * over in blocks through the port, so the hashing worker never waits for the disk.
 */
interface ReadRequest {
  blob: Blob;
  blockSize: number;
  port: BlockPort;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<ReadRequest>) => void) | null };

scope.onmessage = (event) => {
  const { blob, blockSize, port } = event.data;
  void sendBlocks(blob, blockSize, port);
};

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { UploadedFileInfo } from '../../../contract/upload';
import { HttpError } from '../http/errors';
import { planUpload } from './chunk-plan';
import { createUploadTransport, type UploadTarget } from './transport';
import type { UploadApi } from './upload-api';

const NO_WAIT = { retries: 2, baseDelayMs: 1, maxDelayMs: 1 };
const networkError = () => new HttpError({ kind: 'network', message: 'offline' });

function targetOf(size: number, chunkSize: number): UploadTarget {
  return {
    file: new File([new Uint8Array(size)], 'a.bin'),
    md5: 'md5',
    uid: 'uid',
    serverId: 'server',
    chunkSize,
    fileUpload: null,
  };
}

/** An api with the given calls; any other call fails the test. */
function fakeApi(parts: Partial<UploadApi>): UploadApi {
  const missing = () => Promise.reject(new Error('not expected'));
  return {
    secondUploadCheck: missing,
    uploadSingle: missing,
    blockUploadCheck: missing,
    uploadChunk: missing,
    mergeFile: missing,
    base64Upload: missing,
    ...parts,
  };
}

function transportOf(api: UploadApi) {
  return createUploadTransport({
    api,
    retry: NO_WAIT,
    random: () => 0,
    chunkConcurrency: 2,
    fileField: 'file',
    waitUntilOnline: () => Promise.resolve(),
  });
}

describe('upload transport', () => {
  it('skips the chunks the server has, retries a failed one and reports each', async () => {
    const sent: number[] = [];
    let failures = 1;
    const transport = transportOf(
      fakeApi({
        blockUploadCheck: ({ chunk }) => Promise.resolve(chunk === 1),
        uploadChunk: (upload, options) => {
          if (upload.chunk === 3 && failures-- > 0) return Promise.reject(networkError());
          options?.onUploadProgress?.(upload.blob.size, upload.blob.size);
          sent.push(upload.chunk);
          return Promise.resolve();
        },
      }),
    );
    const events: string[] = [];
    const plan = planUpload(10, 4);
    await transport.sendChunks(targetOf(10, 4), plan.chunks, new AbortController().signal, {
      sending: (chunk, bytes) => events.push(`sending ${String(chunk)} ${String(bytes)}`),
      retrying: (chunk) => events.push(`retrying ${String(chunk)}`),
      settled: (chunk, bytes, how) => events.push(`${how} ${String(chunk)} ${String(bytes)}`),
    });
    expect(sent.sort()).toEqual([2, 3]);
    expect(events).toContain('skipped 1 4');
    expect(events).toContain('sent 2 4');
    expect(events.filter((event) => event.split(' ')[1] === '3')).toEqual([
      'retrying 3',
      'sending 3 2',
      'sent 3 2',
    ]);
  });

  it('gives up on a chunk refused for good and stops', async () => {
    const transport = transportOf(
      fakeApi({
        blockUploadCheck: () => Promise.resolve(false),
        uploadChunk: () =>
          Promise.reject(new HttpError({ kind: 'http', status: 400, message: 'bad' })),
      }),
    );
    const ignore = () => undefined;
    await expect(
      transport.sendChunks(
        targetOf(10, 4),
        planUpload(10, 4).chunks,
        new AbortController().signal,
        {
          sending: ignore,
          retrying: ignore,
          settled: ignore,
        },
      ),
    ).rejects.toMatchObject({ type: 'uploaderror', retryable: false });
  });

  it('names the file the same way in the check and the merge', async () => {
    const info = { id: 'stored', fileName: 'a.bin' } as unknown as UploadedFileInfo;
    const asked: unknown[] = [];
    const transport = transportOf(
      fakeApi({
        secondUploadCheck: (check) => {
          asked.push(check);
          return Promise.resolve(null);
        },
        mergeFile: (merge) => {
          asked.push(merge);
          return Promise.resolve(info);
        },
      }),
    );
    const { signal } = new AbortController();
    const target = targetOf(10, 4);
    await expect(transport.check(target, signal)).resolves.toBeNull();
    await expect(transport.merge(target, 3, signal)).resolves.toBe(info);
    const file = { md5: 'md5', name: 'a.bin', size: 10, serverid: 'server', uid: 'uid' };
    expect(asked).toEqual([file, { ...file, chunks: 3 }]);
  });
});

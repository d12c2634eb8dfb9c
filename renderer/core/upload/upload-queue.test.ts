import { TEST_PASSWORD_COST } from '../../../server/testing/test-app';
// @vitest-environment node
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../../contract/api-paths';
import type { UploadedFileInfo } from '../../../contract/upload';
import { buildApp } from '../../../server/app';
import { DEFAULT_OPTIONS } from '../../../server/config';
import {
  content,
  FAST_RETRY,
  fileOf,
  KIB,
  waitFor,
} from '../../../tests/support/upload-queue-files';
import { httpInstance, resetHttpForTests } from '../http/client';
import { uploadApi } from './upload-api';
import { createIndexedDbQueueStore } from './queue-store';
import type { UploadState } from './upload-machine';
import { UploadQueue, type OnlineSource } from './upload-queue';

/**
 * The queue against the real reference server (SQLite, files on disk) over real HTTP; the
 * failures a real server does not produce on demand are in upload-queue-retries.test.ts.
 */

const md5Of = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A hand-driven online/offline source (the browser's events, without a browser). */
function onlineSwitch(): OnlineSource & { set(online: boolean): void } {
  let online = true;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      online = value;
      for (const listener of [...listeners]) listener(value);
    },
  };
}

describe('UploadQueue on the reference server', { timeout: 20_000 }, () => {
  let app: FastifyInstance;
  let dataDir: string;
  let base = '';
  let cookie = '';
  const requests: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-queue-'));
    app = await buildApp({
      ...DEFAULT_OPTIONS,
      dataDir,
      webRoot: dataDir,
      logger: false,
      passwordCost: TEST_PASSWORD_COST,
    });
    app.addHook('onRequest', (request, _reply, done) => {
      requests.push(request.url.split('?')[0] ?? '');
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${String(address.port)}`;
    const login = await fetch(`${base}/api/uaa/oauth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'teacher01', password: DEFAULT_OPTIONS.demoPassword }),
    });
    cookie = login.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ');
  });
  afterAll(async () => {
    // A test that paused or cancelled an upload may leave a request open (a chunk body the
    // client stopped sending): end every connection so closing never waits for one.
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    resetHttpForTests();
    httpInstance.defaults.baseURL = base;
    httpInstance.defaults.headers.common.cookie = cookie;
    requests.length = 0;
  });
  afterEach(() => {
    delete httpInstance.defaults.headers.common.cookie;
  });

  async function stored(result: UploadedFileInfo | null): Promise<Uint8Array> {
    if (!result) throw new Error('no result');
    const response = await fetch(`${base}${result.url}`, { headers: { cookie } });
    return new Uint8Array(await response.arrayBuffer());
  }

  const count = (url: string) => requests.filter((entry) => entry === url).length;

  it('uploads a small file in one request, then the same content instantly', async () => {
    const queue = new UploadQueue({ retry: FAST_RETRY });
    const seen = new Set<UploadState>();
    queue.subscribe((items) => {
      for (const item of items) seen.add(item.state);
    });
    const file = fileOf(1000, 1);
    const [item] = queue.add([file]);
    if (!item) throw new Error('not added');
    const done = await waitFor(queue, item.id, ['done', 'error']);
    expect(done).toMatchObject({ state: 'done', percent: 100, instant: false, mode: 'single' });
    expect(done.md5).toBe(md5Of(content(1000, 1)));
    expect(await stored(done.result)).toEqual(content(1000, 1));
    expect([...seen]).toEqual(expect.arrayContaining(['hashing', 'checking', 'uploading', 'done']));
    expect(count('/zuul/api/storage/upload')).toBe(1);

    requests.length = 0;
    const [again] = queue.add([fileOf(1000, 1, 'renamed.bin')]);
    if (!again) throw new Error('not added');
    const instant = await waitFor(queue, again.id, ['done', 'error']);
    expect(instant).toMatchObject({ state: 'done', instant: true, percent: 100 });
    expect(instant.result?.fileName).toBe('renamed.bin');
    expect(requests).toEqual([STORAGE_API.secondUploadCheck]);
    queue.dispose();
  });

  it('uploads 0 B and exactly one chunk in a single request, one byte more in chunks', async () => {
    const queue = new UploadQueue({ chunkSize: 64 * KIB, retry: FAST_RETRY });
    const files = [fileOf(0, 2), fileOf(64 * KIB, 3), fileOf(64 * KIB + 1, 4)];
    const items = queue.add(files);
    await queue.idle();
    const results = items.map((item) => queue.get(item.id));
    expect(results.map((item) => [item?.state, item?.mode, item?.chunks])).toEqual([
      ['done', 'single', 0],
      ['done', 'single', 0],
      ['done', 'chunked', 2],
    ]);
    for (const [index, item] of results.entries()) {
      const size = files[index]?.size ?? -1;
      expect(await stored(item?.result ?? null)).toEqual(content(size, index + 2));
    }
    expect(count(STORAGE_API.chunkUpload)).toBe(2);
    expect(count(STORAGE_API.mergeFile)).toBe(1);
    queue.dispose();
  });

  it('skips the chunks the server already has', async () => {
    const bytes = content(320 * KIB, 5);
    const file = new File([bytes], 'resume.mp4');
    const md5 = md5Of(bytes);
    // A previous visit sent chunks 1, 2 and 4 of 5.
    for (const chunk of [1, 2, 4]) {
      await uploadApi.uploadChunk({
        md5,
        size: file.size,
        chunks: 5,
        name: file.name,
        uid: '1',
        chunk,
        eachSize: 64 * KIB,
        blob: file.slice((chunk - 1) * 64 * KIB, chunk * 64 * KIB),
      });
    }
    requests.length = 0;
    const queue = new UploadQueue({ chunkSize: 64 * KIB, retry: FAST_RETRY });
    const [item] = queue.add([file]);
    if (!item) throw new Error('not added');
    const done = await waitFor(queue, item.id, ['done', 'error']);
    expect(done).toMatchObject({ state: 'done', chunks: 5, chunksSkipped: 3, chunksSent: 2 });
    expect(count(STORAGE_API.chunkUpload)).toBe(2);
    expect(count(STORAGE_API.blockUploadCheck)).toBe(5);
    expect(await stored(done.result)).toEqual(bytes);
    queue.dispose();
  });

  it('pauses, sends nothing while paused, resumes and completes; cancel stops for good', async () => {
    const queue = new UploadQueue({ chunkSize: 16 * KIB, retry: FAST_RETRY, notifyIntervalMs: 1 });
    const bytes = content(256 * KIB, 6);
    const [item] = queue.add([new File([bytes], 'pause.mp4')]);
    if (!item) throw new Error('not added');
    await new Promise<void>((resolve) => {
      const stop = queue.subscribe(() => {
        if ((queue.get(item.id)?.chunksSent ?? 0) >= 3) {
          stop();
          resolve();
        }
      });
    });
    queue.pause(item.id);
    expect(queue.get(item.id)).toMatchObject({ state: 'paused', pausedBy: 'user' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = count(STORAGE_API.chunkUpload);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(count(STORAGE_API.chunkUpload)).toBe(before);
    queue.resume(item.id);
    const done = await waitFor(queue, item.id, ['done', 'error']);
    expect(done.state).toBe('done');
    expect(await stored(done.result)).toEqual(bytes);

    const [other] = queue.add([fileOf(256 * KIB, 7, 'cancel.mp4')]);
    if (!other) throw new Error('not added');
    await waitFor(queue, other.id, ['uploading']);
    queue.cancel(other.id);
    expect(queue.get(other.id)?.state).toBe('cancelled');
    queue.resume(other.id);
    queue.retry(other.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queue.get(other.id)).toMatchObject({ state: 'cancelled', result: null });
    queue.dispose();
  });

  it('reports a refusal with its type and status, without retrying it', async () => {
    const queue = new UploadQueue({ retry: FAST_RETRY });
    const errors: string[] = [];
    queue.onError((_item, error) => errors.push(`${error.type} ${String(error.status)}`));
    const [item] = queue.add([fileOf(100, 8, 'evil.php')]);
    if (!item) throw new Error('not added');
    const failed = await waitFor(queue, item.id, ['error', 'done']);
    expect(failed.error).toMatchObject({
      type: 'checkerror',
      status: 400,
      code: 'forbidden_extension',
    });
    expect(failed.error?.message).toBe('不允许上传 .php 类型的文件');
    expect(errors).toEqual(['checkerror 400']);
    expect(count(STORAGE_API.secondUploadCheck)).toBe(1);
    queue.dispose();
  });

  it('pauses everything while offline and resumes when back online', async () => {
    const online = onlineSwitch();
    const queue = new UploadQueue({ chunkSize: 16 * KIB, retry: FAST_RETRY, online });
    const bytes = content(160 * KIB, 9);
    const [item] = queue.add([new File([bytes], 'offline.mp4')]);
    if (!item) throw new Error('not added');
    await waitFor(queue, item.id, ['uploading']);
    online.set(false);
    expect(queue.get(item.id)).toMatchObject({ state: 'paused', pausedBy: 'offline' });
    online.set(true);
    const done = await waitFor(queue, item.id, ['done', 'error']);
    expect(done.state).toBe('done');
    expect(await stored(done.result)).toEqual(bytes);
    queue.dispose();
  });

  it('keeps the queue across a reload and resumes once the file is selected again', async () => {
    const store = createIndexedDbQueueStore('test-uploads', new IDBFactory());
    const bytes = content(256 * KIB, 10);
    const file = new File([bytes], 'reload.mp4', { lastModified: 42 });
    const first = new UploadQueue({
      chunkSize: 32 * KIB,
      retry: FAST_RETRY,
      store,
      owner: '10001',
    });
    const [item] = first.add([file]);
    if (!item) throw new Error('not added');
    await new Promise<void>((resolve) => {
      const stop = first.subscribe(() => {
        if ((first.get(item.id)?.chunksSent ?? 0) >= 2) {
          stop();
          resolve();
        }
      });
    });
    // The tab closes: the work stops where it is.
    first.dispose();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const other = new UploadQueue({ store, owner: '10002' });
    expect(await other.restore()).toEqual([]);
    const second = new UploadQueue({
      chunkSize: 32 * KIB,
      retry: FAST_RETRY,
      store,
      owner: '10001',
    });
    const [restored] = await second.restore();
    expect(restored).toMatchObject({ id: item.id, name: 'reload.mp4', state: 'needs-file' });
    expect(second.attachFile(item.id, new File([bytes.subarray(1)], 'reload.mp4'))).toBe(false);
    requests.length = 0;
    second.add([new File([bytes], 'reload.mp4', { lastModified: 42 })]);
    const done = await waitFor(second, item.id, ['done', 'error']);
    expect(done.state).toBe('done');
    expect(done.chunksSkipped).toBeGreaterThanOrEqual(2);
    expect(count(STORAGE_API.chunkUpload)).toBe(8 - done.chunksSkipped);
    expect(await stored(done.result)).toEqual(bytes);
    // Finished uploads leave the kept queue.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.list('10001')).toEqual([]);
    second.dispose();
  });
  it('cuts a large file by its chunk profile and resumes it with the size it started with', async () => {
    const store = createIndexedDbQueueStore('test-profile', new IDBFactory());
    const bytes = content(512 * KIB, 11);
    const file = () => new File([bytes], 'profile.mp4', { lastModified: 7 });
    const profile = [{ fromSize: 256 * KIB, chunkSize: 64 * KIB }];
    // The real calls; the first visit stops the large upload once two of its chunks are stored
    // (then the tab closes).
    let sent = 0;
    let largeId = '';
    let closeTab: () => void = () => undefined;
    const tabClosed = new Promise<void>((resolve) => {
      closeTab = resolve;
    });
    const first: UploadQueue = new UploadQueue({
      chunkSize: 32 * KIB,
      chunkProfile: profile,
      retry: FAST_RETRY,
      store,
      owner: '10001',
      api: {
        ...uploadApi,
        uploadChunk: async (upload, options) => {
          await uploadApi.uploadChunk(upload, options);
          if (upload.name === 'profile.mp4' && ++sent === 2) {
            first.pause(largeId);
            closeTab();
          }
        },
      },
    });
    // A small file keeps the configured chunk size.
    const [small] = first.add([fileOf(96 * KIB, 12)]);
    const [item] = first.add([file()]);
    if (!item || !small) throw new Error('not added');
    largeId = item.id;
    const smallDone = waitFor(first, small.id, ['done', 'error']);
    await tabClosed;
    expect(first.get(item.id)?.chunks).toBe(8);
    expect((await smallDone).chunks).toBe(3);
    first.dispose();

    // The application's profile changed meanwhile: the upload keeps its 64 KiB chunks.
    const second = new UploadQueue({
      chunkSize: 32 * KIB,
      retry: FAST_RETRY,
      store,
      owner: '10001',
    });
    await second.restore();
    requests.length = 0;
    second.add([file()]);
    const done = await waitFor(second, item.id, ['done', 'error']);
    expect(done).toMatchObject({ state: 'done', chunks: 8 });
    expect(done.chunksSkipped).toBeGreaterThanOrEqual(2);
    expect(count(STORAGE_API.chunkUpload)).toBe(8 - done.chunksSkipped);
    expect(await stored(done.result)).toEqual(bytes);
    second.dispose();
  });

  it('refuses a profile with nonsense steps when the queue is made', () => {
    expect(() => new UploadQueue({ chunkProfile: [{ fromSize: 1, chunkSize: 0 }] })).toThrow(
      RangeError,
    );
  });
});

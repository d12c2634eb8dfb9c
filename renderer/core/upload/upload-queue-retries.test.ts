// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../../contract/api-paths';
import { createRouteServer, reply } from '../../../tests/support/route-server';
import { FAST_RETRY, fileOf, waitFor } from '../../../tests/support/upload-queue-files';
import { httpInstance, resetHttpForTests } from '../http/client';
import { UploadQueue } from './upload-queue';

/**
 * The queue against a scripted local server, for the failures the reference server does not
 * produce on demand (upload-queue.test.ts runs it against the real one).
 */

describe('UploadQueue retries (scripted server)', () => {
  const server = createRouteServer();
  let base = '';
  const ok = (data: unknown) => ({ status: 200, message: '', data, code: 'ok', fieldErrors: [] });
  const stored = { id: 'x', url: '/x', md5: '', fileName: 'a.bin' };

  beforeAll(async () => {
    base = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    resetHttpForTests();
    httpInstance.defaults.baseURL = base;
    server.reset();
    server.routes.set(`POST ${STORAGE_API.secondUploadCheck}`, (_request, response) => {
      reply(response, 200, ok(null));
    });
  });

  it('retries a 5xx and a dropped connection, then succeeds', async () => {
    let attempts = 0;
    server.routes.set(`POST ${STORAGE_API.upload}`, (_request, response) => {
      attempts += 1;
      if (attempts === 1)
        reply(response, 503, {
          status: 503,
          message: 'busy',
          data: null,
          code: 'x',
          fieldErrors: [],
        });
      else if (attempts === 2) response.destroy();
      else reply(response, 200, ok(stored));
    });
    const queue = new UploadQueue({ retry: FAST_RETRY });
    const [item] = queue.add([fileOf(10, 11)]);
    if (!item) throw new Error('not added');
    const done = await waitFor(queue, item.id, ['done', 'error']);
    expect(done.state).toBe('done');
    expect(attempts).toBe(3);
    queue.dispose();
  });

  it('never retries a 4xx, and says which step failed', async () => {
    let attempts = 0;
    server.routes.set(`POST ${STORAGE_API.upload}`, (_request, response) => {
      attempts += 1;
      reply(response, 413, {
        status: 413,
        message: '大小超出限制|||Size limit exceeded',
        data: null,
        code: 'payload_too_large',
        fieldErrors: [],
      });
    });
    const queue = new UploadQueue({ retry: FAST_RETRY });
    const [item] = queue.add([fileOf(10, 12)]);
    if (!item) throw new Error('not added');
    const failed = await waitFor(queue, item.id, ['done', 'error']);
    expect(failed.error).toMatchObject({
      type: 'uploaderror',
      status: 413,
      message: '大小超出限制',
    });
    expect(attempts).toBe(1);
    queue.retry(item.id);
    await waitFor(queue, item.id, ['error']);
    expect(attempts).toBe(2);
    queue.dispose();
  });

  it("asks the next chunk's check while a chunk is sending, and each chunk once", async () => {
    const chunkOf = (body: string): number => {
      const fields = body.startsWith('{')
        ? (JSON.parse(body) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(body));
      return Number(fields.chunk);
    };
    const checks: number[] = [];
    let firstAnswered = false;
    let checkedWhileFirstSent: number[] = [];
    let release: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.routes.set(`POST ${STORAGE_API.blockUploadCheck}`, (request, response) => {
      checks.push(chunkOf(request.body));
      reply(response, 200, ok({ data: false }));
    });
    let uploads = 0;
    server.routes.set(`POST ${STORAGE_API.chunkUpload}`, async (_request, response) => {
      uploads += 1;
      if (uploads === 1) {
        // The first chunk is held until the check after it has arrived (or 2 s went by).
        await Promise.race([firstHeld, new Promise((resolve) => setTimeout(resolve, 2000))]);
        checkedWhileFirstSent = [...checks];
        firstAnswered = true;
      }
      reply(response, 200, ok(null));
    });
    server.routes.set(`POST ${STORAGE_API.mergeFile}`, (_request, response) => {
      reply(response, 200, ok(stored));
    });
    const queue = new UploadQueue({ chunkSize: 4, chunkConcurrency: 1, retry: FAST_RETRY });
    const [item] = queue.add([fileOf(10, 16)]);
    if (!item) throw new Error('not added');
    const poll = setInterval(() => {
      if (checks.includes(2) || firstAnswered) release();
    }, 2);
    const done = await waitFor(queue, item.id, ['done', 'error']);
    clearInterval(poll);
    queue.dispose();
    expect(done).toMatchObject({ state: 'done', chunksSent: 3 });
    expect(checkedWhileFirstSent.sort()).toEqual([1, 2]);
    expect(checks.sort()).toEqual([1, 2, 3]);
  });

  it('gives up after the retries and rolls the progress of failed attempts back', async () => {
    server.routes.set(`POST ${STORAGE_API.blockUploadCheck}`, (_request, response) => {
      reply(response, 200, ok({ data: false }));
    });
    let chunkAttempts = 0;
    server.routes.set(`POST ${STORAGE_API.chunkUpload}`, (_request, response) => {
      chunkAttempts += 1;
      reply(response, 500, {
        status: 500,
        message: 'down',
        data: null,
        code: 'internal_error',
        fieldErrors: [],
      });
    });
    const queue = new UploadQueue({ chunkSize: 4, chunkConcurrency: 1, retry: FAST_RETRY });
    const [item] = queue.add([fileOf(10, 13)]);
    if (!item) throw new Error('not added');
    const failed = await waitFor(queue, item.id, ['done', 'error']);
    expect(failed.error).toMatchObject({ type: 'uploaderror', status: 500 });
    expect(failed.uploaded).toBe(0);
    expect(chunkAttempts).toBe(4);
    queue.dispose();
  });

  it('types a failed chunk check checkchunkerror and a failed merge chunkmerge', async () => {
    server.routes.set(`POST ${STORAGE_API.blockUploadCheck}`, (_request, response) => {
      reply(response, 400, {
        status: 400,
        message: 'bad',
        data: null,
        code: 'chunk_out_of_range',
        fieldErrors: [],
      });
    });
    const queue = new UploadQueue({ chunkSize: 4, retry: FAST_RETRY });
    const [first] = queue.add([fileOf(10, 14)]);
    if (!first) throw new Error('not added');
    expect((await waitFor(queue, first.id, ['error'])).error?.type).toBe('checkchunkerror');

    server.routes.set(`POST ${STORAGE_API.blockUploadCheck}`, (_request, response) => {
      reply(response, 200, ok({ data: true }));
    });
    server.routes.set(`POST ${STORAGE_API.mergeFile}`, (_request, response) => {
      reply(response, 400, {
        status: 400,
        message: '分片数量异常|||The chunk count is abnormal',
        data: null,
        code: 'chunkmerge',
        fieldErrors: [],
      });
    });
    const [second] = queue.add([fileOf(10, 15)]);
    if (!second) throw new Error('not added');
    const failed = await waitFor(queue, second.id, ['error']);
    expect(failed.error).toMatchObject({ type: 'chunkmerge', code: 'chunkmerge' });
    queue.dispose();
  });
});

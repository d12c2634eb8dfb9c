import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import { LARGE_FILE_CHUNK_PROFILE, type UploadedFileInfo } from '../../contract/upload';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { DEFAULT_UPLOAD_LIMITS } from './upload-limits';
import { bytes, filesUnder, formPost, md5Of, postChunk } from './upload-test-helpers';

const MIB = 1024 * 1024;
/** teacher01's unit: its partial uploads are under chunks/1001/. */
const SCHOOL = '1001';
const [FIRST_STEP] = LARGE_FILE_CHUNK_PROFILE;
if (!FIRST_STEP) throw new Error('the large-file profile has a step');
/** The large-file profile's first chunk size (8 MiB). */
const EACH = FIRST_STEP.chunkSize;

/** The reference server takes the large-file profile's chunks as it takes 2 MB ones. */
describe('the large-file chunk profile on the server', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'teacher01')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it("fits every step's chunk within the default request limit", () => {
    for (const step of LARGE_FILE_CHUNK_PROFILE) {
      expect(step.chunkSize).toBeLessThanOrEqual(DEFAULT_UPLOAD_LIMITS.maxRequestBytes);
    }
  });

  it('merges large chunks, and resumes only with the chunk size the upload started with', async () => {
    const data = bytes(2 * EACH + 12_345, 91);
    const md5 = md5Of(data);
    const size = String(data.length);
    const chunks = 3;
    const check = (chunk: number, count: number) =>
      formPost(
        t.app,
        STORAGE_API.blockUploadCheck,
        { md5, size, chunks: String(count), chunk: String(chunk), name: 'big.mp4' },
        cookie,
      );

    const first = await postChunk(t.app, cookie, { data, md5, chunk: 1, eachSize: EACH });
    expect(first.json()).toMatchObject({ status: 200, data: { chunk: 1, chunks } });
    // The server recorded the upload under its chunk size.
    expect(filesUnder(path.join(t.dataDir, 'storage', 'chunks', SCHOOL, md5))).toEqual([
      path.join(String(EACH), 'data'),
    ]);

    // Resuming (a reload): the check with the upload's own chunk count finds chunk 1.
    expect((await check(1, chunks)).json()).toMatchObject({ data: { data: true } });
    expect((await check(2, chunks)).json()).toMatchObject({ data: { data: false } });
    // Cut in 2 MB chunks, it would be another upload: nothing of it is there.
    const small = Math.ceil(data.length / (2 * MIB));
    expect((await check(1, small)).json()).toMatchObject({ data: { data: false } });

    for (const chunk of [3, 2]) {
      const sent = await postChunk(t.app, cookie, { data, md5, chunk, eachSize: EACH });
      expect(sent.json(), String(chunk)).toMatchObject({ status: 200, data: { chunk, chunks } });
    }
    const merge = await formPost(
      t.app,
      STORAGE_API.mergeFile,
      { md5, name: 'big.mp4', size, chunks: String(chunks) },
      cookie,
    );
    expect(merge.statusCode).toBe(200);
    const stored = merge.json<ApiEnvelope<UploadedFileInfo>>().data;
    expect(stored).toMatchObject({ md5, size: data.length, fileName: 'big.mp4' });
    const download = await t.app.inject({ method: 'GET', url: stored.url, headers: { cookie } });
    expect(md5Of(download.rawPayload)).toBe(md5);
    // The partial upload is gone once merged.
    expect(filesUnder(path.join(t.dataDir, 'storage', 'chunks', SCHOOL))).toEqual([]);
  });

  it('refuses a chunk size over the request limit with 413, saying the limit', async () => {
    const limited = await createTestApp({ uploadMaxRequestBytes: 4 * MIB });
    try {
      const session = (await signIn(limited.app, 'teacher01')).cookie;
      const data = bytes(EACH + 100, 92);
      const md5 = md5Of(data);
      const refused = await postChunk(limited.app, session, {
        data,
        md5,
        chunk: 1,
        eachSize: EACH,
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toMatchObject({
        status: 413,
        code: 'payload_too_large',
        message:
          '大小超出限制：每个分片最多 4 MiB|||Size limit exceeded: a chunk may carry at most 4 MiB',
      });
      // Nothing was kept of it; a chunk within the limit is taken.
      expect(filesUnder(path.join(limited.dataDir, 'storage', 'chunks'))).toEqual([]);
      expect(filesUnder(path.join(limited.dataDir, 'storage', 'tmp'))).toEqual([]);
      const within = await postChunk(limited.app, session, {
        data,
        md5,
        chunk: 1,
        eachSize: 4 * MIB,
      });
      expect(within.json()).toMatchObject({ status: 200, data: { chunk: 1, chunks: 3 } });
    } finally {
      await limited.close();
    }
  });
});

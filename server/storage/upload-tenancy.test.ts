import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import type { UploadedFileInfo } from '../../contract/upload';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { bytes, formPost, md5Of, postChunk, postMultipart } from './upload-test-helpers';

/**
 * Knowing a file's MD5 must not let another unit read it. Instant upload,
 * the chunk check and the merge only ever see the caller's own unit; the download's ETag is not
 * the content's MD5. teacher01 and teacher02 are of the school (unit 1001, the default host),
 * area01 of the bureau (unit 2001, on area.localhost).
 */

const AREA_HOST = 'area.localhost';
const EACH = 1000;

function envelope<T>(response: { json: () => unknown }): ApiEnvelope<T> {
  return response.json() as ApiEnvelope<T>;
}

describe('uploads stay within their unit', () => {
  let t: TestApp;
  let teacher01: string;
  let teacher02: string;
  let area01: string;

  beforeAll(async () => {
    t = await createTestApp();
    teacher01 = (await signIn(t.app, 'teacher01')).cookie;
    teacher02 = (await signIn(t.app, 'teacher02')).cookie;
    area01 = (await signIn(t.app, 'area01')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const secondUploadCheck = (cookie: string, fields: Record<string, string>, host?: string) =>
    formPost(t.app, STORAGE_API.secondUploadCheck, fields, cookie, host);

  const download = (
    cookie: string,
    url: string,
    headers: Record<string, string> = {},
    host?: string,
  ) => t.app.inject({ url, headers: { cookie, ...headers, ...(host ? { host } : {}) } });

  it("never answers an instant upload from another unit's file", async () => {
    const data = bytes(4000, 101);
    const md5 = md5Of(data);
    const uploaded = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { md5 },
      { name: '成绩单.xlsx', data },
      teacher01,
    );
    expect(uploaded.statusCode).toBe(200);

    // area01 knows the MD5 (and the size): the answer is exactly that of unknown content.
    const unknown = await secondUploadCheck(
      area01,
      { md5: md5Of(bytes(4000, 102)), name: 'stolen.xlsx', size: '4000' },
      AREA_HOST,
    );
    expect(unknown.json()).toEqual({
      status: 200,
      message: '',
      data: null,
      code: 'ok',
      fieldErrors: [],
    });
    const attempts: Record<string, string>[] = [
      { md5, name: 'stolen.xlsx' },
      { md5, name: 'stolen.xlsx', size: '4000' },
      { md5: md5.toUpperCase(), name: 'x.bin', uid: '1' },
    ];
    for (const fields of attempts) {
      const foreign = await secondUploadCheck(area01, fields, AREA_HOST);
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json()).toEqual(unknown.json());
    }
    const mine = await t.app.inject({
      url: STORAGE_API.myFiles,
      headers: { cookie: area01, host: AREA_HOST },
    });
    expect(envelope<UploadedFileInfo[]>(mine).data).toEqual([]);

    // Within the unit, instant upload still works: teacher02 gets the file at once.
    const same = await secondUploadCheck(teacher02, { md5, name: '再传一次.xlsx', size: '4000' });
    const record = envelope<UploadedFileInfo | null>(same).data;
    expect(record).toMatchObject({ md5, size: 4000, fileName: '再传一次.xlsx' });
    const read = await download(teacher02, record?.url ?? '');
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(data)).toBe(true);
  });

  it("reports only the caller's unit's chunks, and never merges another unit's content", async () => {
    const data = bytes(3 * EACH - 10, 111);
    const md5 = md5Of(data);
    const size = String(data.length);
    const check = (cookie: string, chunk: number, host?: string) =>
      formPost(
        t.app,
        STORAGE_API.blockUploadCheck,
        { md5, size, chunks: '3', name: 'v.mp4', uid: 'u', chunk: String(chunk) },
        cookie,
        host,
      );
    const unknownCheck = await formPost(
      t.app,
      STORAGE_API.blockUploadCheck,
      { md5: md5Of(bytes(10, 112)), size, chunks: '3', name: 'v.mp4', chunk: '1' },
      area01,
      AREA_HOST,
    );
    expect(unknownCheck.json()).toMatchObject({ status: 200, data: { data: false } });

    // teacher01 has sent chunk 1 of 3: area01 is not told so, teacher02 (same unit) is.
    await postChunk(t.app, teacher01, { data, md5, chunk: 1, eachSize: EACH });
    expect((await check(area01, 1, AREA_HOST)).json()).toEqual(unknownCheck.json());
    expect((await check(teacher02, 1)).json()).toMatchObject({ data: { data: true } });

    // area01 sends the same content itself: its chunks land in its own partial upload.
    for (const chunk of [1, 2]) {
      const sent = await postChunk(t.app, area01, {
        data,
        md5,
        chunk,
        eachSize: EACH,
        host: AREA_HOST,
      });
      expect(sent.json()).toMatchObject({ status: 200, data: { chunk, chunks: 3 } });
    }
    expect((await check(teacher01, 2)).json()).toMatchObject({ data: { data: false } });
    expect((await check(area01, 2, AREA_HOST)).json()).toMatchObject({ data: { data: true } });

    // teacher01 finishes and merges: the whole file is the school's.
    for (const chunk of [2, 3])
      await postChunk(t.app, teacher01, { data, md5, chunk, eachSize: EACH });
    const merged = await formPost(
      t.app,
      STORAGE_API.mergeFile,
      { md5, name: 'v.mp4', size, chunks: '3' },
      teacher01,
    );
    expect(merged.json()).toMatchObject({ status: 200, data: { md5 } });
    // Every chunk of stored content "exists" for the school, still not for the bureau.
    expect((await check(teacher02, 3)).json()).toMatchObject({ data: { data: true } });
    expect((await check(area01, 3, AREA_HOST)).json()).toEqual(unknownCheck.json());

    // A merge by area01 without its last chunk fails as for any content it has not sent.
    const early = await formPost(
      t.app,
      STORAGE_API.mergeFile,
      { md5, name: 'v.mp4', size, chunks: '3' },
      area01,
      AREA_HOST,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'chunkmerge' });
    expect(envelope(early).message).toContain('1');

    // Once area01 has sent every chunk (proof that it holds the bytes), it gets its own record.
    await postChunk(t.app, area01, { data, md5, chunk: 3, eachSize: EACH, host: AREA_HOST });
    const own = await formPost(
      t.app,
      STORAGE_API.mergeFile,
      { md5, name: 'v.mp4', size, chunks: '3' },
      area01,
      AREA_HOST,
    );
    const record = envelope<UploadedFileInfo>(own).data;
    expect(record).toMatchObject({ md5, size: data.length });
    const read = await download(area01, record.url, {}, AREA_HOST);
    expect(read.rawPayload.equals(data)).toBe(true);
  });

  it('never merges stored content of another unit for a caller that sent no chunk', async () => {
    const data = bytes(2 * EACH + 5, 121);
    const md5 = md5Of(data);
    const fields = { md5, name: 'x.mp4', size: String(data.length), chunks: '3' };
    const unknown = await formPost(
      t.app,
      STORAGE_API.mergeFile,
      { ...fields, md5: md5Of(bytes(10, 122)) },
      area01,
      AREA_HOST,
    );
    expect(unknown.statusCode).toBe(400);
    await postMultipart(t.app, STORAGE_API.upload, {}, { name: 'x.mp4', data }, teacher01);
    const foreign = await formPost(t.app, STORAGE_API.mergeFile, fields, area01, AREA_HOST);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(unknown.json());
    // The school's own users merge it at once (another tab merged it already).
    const same = await formPost(t.app, STORAGE_API.mergeFile, fields, teacher02);
    expect(same.json()).toMatchObject({ status: 200, data: { md5, fileName: 'x.mp4' } });
  });

  it('gives downloads an ETag that is not the MD5, with 304 and ranges as before', async () => {
    const data = bytes(5000, 131);
    const md5 = md5Of(data);
    const first = envelope<UploadedFileInfo>(
      await postMultipart(t.app, STORAGE_API.upload, {}, { name: 'a.png', data }, teacher01),
    ).data;
    const second = envelope<UploadedFileInfo>(
      await secondUploadCheck(teacher02, { md5, name: 'b.png' }),
    ).data;

    const answer = await download(teacher01, first.url);
    const etag = answer.headers.etag;
    expect(typeof etag).toBe('string');
    expect(String(etag)).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    expect(String(etag).toLowerCase()).not.toContain(md5);
    // Two records of the same content: two ETags, neither telling that the content is shared.
    const other = await download(teacher02, second.url);
    expect(other.headers.etag).toBeDefined();
    expect(other.headers.etag).not.toBe(etag);
    // The same record always has the same ETag.
    expect((await download(teacher02, first.url)).headers.etag).toBe(etag);

    const cached = await download(teacher01, first.url, { 'if-none-match': String(etag) });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const stale = await download(teacher01, first.url, { 'if-none-match': `"${md5}"` });
    expect(stale.statusCode).toBe(200);
    const range = await download(teacher01, first.url, { range: 'bytes=10-19' });
    expect(range.statusCode).toBe(206);
    expect(range.headers.etag).toBe(etag);
    expect(range.rawPayload.equals(data.subarray(10, 20))).toBe(true);
  });
});

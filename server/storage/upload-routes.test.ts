import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import type { ApiEnvelope } from '../../contract/envelope';
import type { UploadedFileInfo } from '../../contract/upload';
import { createTestApp, signIn, type TestApp, TEST_PASSWORD_COST } from '../testing/test-app';
import {
  bytes,
  filesUnder,
  formPost,
  md5Of,
  postChunk,
  postMultipart,
} from './upload-test-helpers';

const MIB = 1024 * 1024;
const EACH = 2 * MIB;
/** teacher01's unit: its partial uploads are under chunks/1001/. */
const SCHOOL = '1001';
/** area01's unit is on its own host (the tenancy rule). */
const AREA_HOST = 'area.localhost';

function envelope<T>(response: { json: () => unknown }): ApiEnvelope<T> {
  return response.json() as ApiEnvelope<T>;
}

describe('storage uploads', () => {
  let t: TestApp;
  let cookie: string;
  let otherUnit: string;
  let storage: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'teacher01')).cookie;
    otherUnit = (await signIn(t.app, 'area01')).cookie;
    storage = path.join(t.dataDir, 'storage');
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    // No request ever leaves a temporary file behind, whatever its outcome.
    expect(filesUnder(path.join(storage, 'tmp'))).toEqual([]);
  });

  it('needs a session for every call', async () => {
    const calls: [string, string][] = [
      ['POST', STORAGE_API.secondUploadCheck],
      ['POST', STORAGE_API.upload],
      ['POST', '/api/storage/upload'],
      ['POST', STORAGE_API.blockUploadCheck],
      ['POST', STORAGE_API.chunkUpload],
      ['POST', STORAGE_API.mergeFile],
      ['POST', STORAGE_API.base64Upload],
      ['GET', `${STORAGE_API.download}?id=abcdefghijkl`],
      ['GET', STORAGE_API.myFiles],
    ];
    for (const [method, url] of calls) {
      const response = await t.app.inject({ method: method as 'GET' | 'POST', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ status: 401, code: 'unauthorized' });
    }
  });

  it('stores a single upload, verifies its md5 and stores identical content once', async () => {
    const data = bytes(1000, 7);
    const md5 = md5Of(data);
    const first = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { uid: '1700000000000', md5, serverid: 'base' },
      { name: '作业 第1章.docx', data },
      cookie,
    );
    expect(first.statusCode).toBe(200);
    const stored = envelope<UploadedFileInfo>(first).data;
    expect(stored).toMatchObject({
      fileName: '作业 第1章.docx',
      ext: 'docx',
      md5,
      size: 1000,
      serverid: 'base',
      uid: '1700000000000',
    });
    expect(stored.url).toBe(`${STORAGE_API.download}?id=${stored.id}`);

    // Without the gateway prefix and without a declared md5, the same content again.
    const second = await postMultipart(
      t.app,
      '/api/storage/upload',
      {},
      { name: 'copy.docx', data },
      cookie,
    );
    expect(envelope<UploadedFileInfo>(second).data).toMatchObject({ md5, fileName: 'copy.docx' });
    expect(envelope<UploadedFileInfo>(second).data.id).not.toBe(stored.id);
    expect(filesUnder(path.join(storage, 'files'))).toEqual([path.join(md5.slice(0, 2), md5)]);
    expect(fs.readFileSync(path.join(storage, 'files', md5.slice(0, 2), md5))).toEqual(data);
  });

  it('refuses a single upload whose content does not match the declared md5', async () => {
    const data = bytes(500, 8);
    const response = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { md5: md5Of(bytes(500, 9)) },
      { name: 'a.png', data },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'md5_mismatch' });
    expect(filesUnder(path.join(storage, 'files'))).not.toContain(
      path.join(md5Of(data).slice(0, 2), md5Of(data)),
    );
  });

  it('refuses an upload without a file, and bad fields', async () => {
    const none = await postMultipart(t.app, STORAGE_API.upload, { uid: '1' }, undefined, cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: 'no_file',
      message: '请求中没有文件|||Not find file',
    });
    const bad = await postMultipart(
      t.app,
      STORAGE_API.upload,
      { md5: 'not-an-md5', serverid: '../x' },
      { name: 'a.png', data: bytes(10) },
      cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(
      envelope(bad)
        .fieldErrors.map((e) => e.field)
        .sort(),
    ).toEqual(['md5', 'serverid']);
    const notMultipart = await formPost(t.app, STORAGE_API.upload, { a: 'b' }, cookie);
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it.each([
    ['evil.php', 'php'],
    ['EVIL.PhP', 'php'],
    ['run.exe.', 'exe'],
    ['notes.txt', 'txt'],
    ['page.html\u202e', 'html'],
    ['x.jspx', 'jspx'],
  ])('refuses the forbidden extension of %s on every call', async (name, ext) => {
    const data = bytes(64, 3);
    const md5 = md5Of(data);
    const single = await postMultipart(t.app, STORAGE_API.upload, {}, { name, data }, cookie);
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ code: 'forbidden_extension' });
    expect(envelope(single).message).toContain(`.${ext}`);
    const check = await formPost(t.app, STORAGE_API.secondUploadCheck, { md5, name }, cookie);
    expect(check.json()).toMatchObject({ code: 'forbidden_extension' });
    const chunk = await postChunk(t.app, cookie, { data, md5, chunk: 1, eachSize: 32, name });
    expect(chunk.json()).toMatchObject({ code: 'forbidden_extension' });
    const merge = await formPost(
      t.app,
      STORAGE_API.mergeFile,
      { md5, name, size: '64', chunks: '2' },
      cookie,
    );
    expect(merge.json()).toMatchObject({ code: 'forbidden_extension' });
  });

  it('sanitises names: no path, no traversal, no control characters, capped length', async () => {
    const data = bytes(200, 11);
    const cases: [string, string][] = [
      ['../../../etc/passwd.png', 'passwd.png'],
      ['..\\..\\windows\\win.ini.jpg', 'win.ini.jpg'],
      ['a\u0000b\u001fc\r\n.png', 'abc.png'],
      ['..', 'file'],
      ['CON.png', '_CON.png'],
      ['a:b*c?"d|e.png', 'a_b_c__d_e.png'],
      [`${'长'.repeat(300)}.png`, `${'长'.repeat(176)}.png`],
    ];
    for (const [raw, expected] of cases) {
      const response = await postMultipart(
        t.app,
        STORAGE_API.upload,
        { name: raw },
        { name: 'blob', data },
        cookie,
      );
      expect(response.statusCode, raw).toBe(200);
      expect(envelope<UploadedFileInfo>(response).data.fileName, raw).toBe(expected);
    }
    // Everything the server wrote is inside the data folder, named by content.
    const md5 = md5Of(data);
    expect(filesUnder(path.join(storage, 'files'))).toContain(path.join(md5.slice(0, 2), md5));
    expect(fs.existsSync(path.join(t.dataDir, '..', 'passwd.png'))).toBe(false);
  });

  it('answers an instant upload for stored content, under the new name', async () => {
    const data = bytes(3000, 12);
    const md5 = md5Of(data);
    const before = await formPost(
      t.app,
      STORAGE_API.secondUploadCheck,
      { md5, name: 'x.mp4', serverid: 'base' },
      cookie,
    );
    expect(before.json()).toMatchObject({ status: 200, data: null });
    await postMultipart(t.app, STORAGE_API.upload, {}, { name: 'x.mp4', data }, cookie);
    const after = await formPost(
      t.app,
      STORAGE_API.secondUploadCheck,
      { md5: md5.toUpperCase(), name: '再来一次.mp4', uid: '42', size: '3000' },
      cookie,
    );
    expect(after.json()).toMatchObject({
      status: 200,
      data: { md5, fileName: '再来一次.mp4', size: 3000, uid: '42' },
    });
    // The same MD5 with another declared size is other content.
    const otherSize = await formPost(
      t.app,
      STORAGE_API.secondUploadCheck,
      { md5, name: 'x.mp4', size: '3001' },
      cookie,
    );
    expect(otherSize.json()).toMatchObject({ data: null });
    const missing = await formPost(t.app, STORAGE_API.secondUploadCheck, {}, cookie);
    expect(missing.statusCode).toBe(400);
    expect(
      envelope(missing)
        .fieldErrors.map((e) => e.field)
        .sort(),
    ).toEqual(['md5', 'name']);
  });

  describe('chunked upload', () => {
    const data = bytes(5 * MIB + 123, 21);
    const md5 = md5Of(data);
    const check = (chunk: number, over: Record<string, string> = {}) =>
      formPost(
        t.app,
        STORAGE_API.blockUploadCheck,
        {
          md5,
          size: String(data.length),
          chunks: '3',
          name: 'lesson.mp4',
          uid: 'u1',
          chunk: String(chunk),
          ...over,
        },
        cookie,
      );

    it('checks, takes chunks in any order, merges and verifies', async () => {
      expect((await check(2)).json()).toMatchObject({ status: 200, data: { data: false } });
      for (const chunk of [3, 1]) {
        const response = await postChunk(t.app, cookie, { data, md5, chunk, eachSize: EACH });
        expect(response.json()).toMatchObject({ status: 200, data: { chunk, chunks: 3 } });
      }
      expect((await check(1)).json()).toMatchObject({ data: { data: true } });
      expect((await check(2)).json()).toMatchObject({ data: { data: false } });

      const early = await formPost(
        t.app,
        STORAGE_API.mergeFile,
        { md5, name: 'lesson.mp4', size: String(data.length), chunks: '3' },
        cookie,
      );
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({ code: 'chunkmerge' });
      expect(envelope(early).message).toContain('1');

      await postChunk(t.app, cookie, { data, md5, chunk: 2, eachSize: EACH });
      const merged = await formPost(
        t.app,
        STORAGE_API.mergeFile,
        { md5, name: 'lesson.mp4', size: String(data.length), chunks: '3', uid: 'u1' },
        cookie,
      );
      expect(merged.statusCode).toBe(200);
      expect(envelope<UploadedFileInfo>(merged).data).toMatchObject({
        md5,
        size: data.length,
        fileName: 'lesson.mp4',
        contentType: 'video/mp4',
      });
      const stored = fs.readFileSync(path.join(storage, 'files', md5.slice(0, 2), md5));
      expect(md5Of(stored)).toBe(md5);
      expect(filesUnder(path.join(storage, 'chunks'))).toEqual([]);
      // Stored: every chunk "exists" and the file is an instant upload from now on.
      expect((await check(2)).json()).toMatchObject({ data: { data: true } });
      const instant = await formPost(
        t.app,
        STORAGE_API.secondUploadCheck,
        { md5, name: 'again.mp4' },
        cookie,
      );
      expect(envelope<UploadedFileInfo | null>(instant).data?.size).toBe(data.length);
    });

    it('rejects chunks out of range, abnormal counts and wrong sizes', async () => {
      const other = bytes(3 * MIB, 22);
      const otherMd5 = md5Of(other);
      for (const chunk of [0, 3]) {
        const response = await postChunk(t.app, cookie, {
          data: other,
          md5: otherMd5,
          chunk,
          eachSize: EACH,
          override: bytes(10),
        });
        expect(response.statusCode, String(chunk)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'chunk_out_of_range' });
      }
      const abnormal = await postChunk(t.app, cookie, {
        data: other,
        md5: otherMd5,
        chunk: 1,
        eachSize: EACH,
        chunks: 5,
      });
      expect(abnormal.json()).toMatchObject({ status: 400, code: 'chunkmerge' });
      const tooMany = await formPost(
        t.app,
        STORAGE_API.blockUploadCheck,
        { md5: otherMd5, size: '10', chunks: '11', chunk: '1' },
        cookie,
      );
      expect(tooMany.json()).toMatchObject({ code: 'chunkmerge' });
      const outOfRangeCheck = await formPost(
        t.app,
        STORAGE_API.blockUploadCheck,
        { md5: otherMd5, size: String(other.length), chunks: '2', chunk: '3' },
        cookie,
      );
      expect(outOfRangeCheck.json()).toMatchObject({ code: 'chunk_out_of_range' });
      const short = await postChunk(t.app, cookie, {
        data: other,
        md5: otherMd5,
        chunk: 1,
        eachSize: EACH,
        override: bytes(100),
      });
      expect(short.json()).toMatchObject({ code: 'chunk_size_mismatch' });
      const missing = await postMultipart(
        t.app,
        STORAGE_API.chunkUpload,
        { chunk: '1' },
        { name: 'blob', data: bytes(1) },
        cookie,
      );
      expect(
        envelope(missing)
          .fieldErrors.map((e) => e.field)
          .sort(),
      ).toEqual(['chunks', 'eachSize', 'fullSize', 'md5']);
      expect(filesUnder(path.join(storage, 'chunks', SCHOOL, otherMd5))).toEqual([]);
    });

    it('fails the merge with chunkmerge when the content does not match, and keeps nothing', async () => {
      const real = bytes(4 * MIB + 5, 23);
      const claimed = md5Of(bytes(4 * MIB + 5, 24));
      for (const chunk of [1, 2, 3]) {
        const response = await postChunk(t.app, cookie, {
          data: real,
          md5: claimed,
          chunk,
          eachSize: EACH,
        });
        expect(response.statusCode).toBe(200);
      }
      const merge = await formPost(
        t.app,
        STORAGE_API.mergeFile,
        { md5: claimed, name: 'fake.mp4', size: String(real.length), chunks: '3' },
        cookie,
      );
      expect(merge.statusCode).toBe(400);
      expect(merge.json()).toMatchObject({ code: 'chunkmerge' });
      expect(filesUnder(path.join(storage, 'files'))).not.toContain(
        path.join(claimed.slice(0, 2), claimed),
      );
      expect(filesUnder(path.join(storage, 'files'))).not.toContain(
        path.join(md5Of(real).slice(0, 2), md5Of(real)),
      );
      // The chunks are gone too, so the next attempt sends them again.
      expect(filesUnder(path.join(storage, 'chunks', SCHOOL, claimed))).toEqual([]);
    });

    it('never writes a whole chunk again, records no cut-off chunk, and takes the file before its fields', async () => {
      const data = bytes(4 * MIB + 9, 26);
      const hash = md5Of(data);
      const chunkCheck = async (chunk: number) =>
        envelope<{ data: boolean }>(
          await formPost(
            t.app,
            STORAGE_API.blockUploadCheck,
            { md5: hash, size: String(data.length), chunks: '3', chunk: String(chunk) },
            cookie,
          ),
        ).data.data;
      const first = await postChunk(t.app, cookie, { data, md5: hash, chunk: 1, eachSize: EACH });
      expect(first.statusCode).toBe(200);
      // The same chunk again with other bytes: accepted, but what is whole stays as it is.
      const again = await postChunk(t.app, cookie, {
        data,
        md5: hash,
        chunk: 1,
        eachSize: EACH,
        override: bytes(EACH, 99),
      });
      expect(again.statusCode).toBe(200);
      // A chunk cut short (no declared size): refused, and not taken as whole.
      const undeclared = {
        chunk: '2',
        chunks: '3',
        eachSize: String(EACH),
        md5: hash,
        fileName: 'v.mp4',
        fullSize: String(data.length),
      };
      const cut = await postMultipart(
        t.app,
        STORAGE_API.chunkUpload,
        undeclared,
        { name: 'blob', data: data.subarray(EACH, EACH + 1000) },
        cookie,
      );
      expect(cut.json()).toMatchObject({ code: 'chunk_size_mismatch' });
      expect(await chunkCheck(2)).toBe(false);
      // The same content claimed with another size: refused, nothing written for it.
      const lying = await postChunk(t.app, cookie, {
        data: bytes(6 * MIB, 27),
        md5: hash,
        chunk: 3,
        eachSize: EACH,
      });
      expect(lying.json()).toMatchObject({ status: 400, code: 'chunkmerge' });
      // The file part before the fields (the server cannot place it yet): taken all the same.
      for (const chunk of [2, 3]) {
        const part = data.subarray((chunk - 1) * EACH, chunk * EACH);
        const body = new FormData();
        body.append('file', new Blob([new Uint8Array(part)]), 'v.mp4');
        for (const [key, value] of Object.entries({
          chunk: String(chunk),
          chunks: '3',
          eachSize: String(EACH),
          md5: hash,
          fileName: 'v.mp4',
          fullSize: String(data.length),
        })) {
          body.append(key, value);
        }
        const response = new Response(body);
        const answer = await t.app.inject({
          method: 'POST',
          url: STORAGE_API.chunkUpload,
          headers: { 'content-type': response.headers.get('content-type') ?? '', cookie },
          payload: Buffer.from(await response.arrayBuffer()),
        });
        expect(answer.json()).toMatchObject({ status: 200, data: { chunk, chunks: 3 } });
      }
      expect([await chunkCheck(1), await chunkCheck(2), await chunkCheck(3)]).toEqual([
        true,
        true,
        true,
      ]);
      const merged = await formPost(
        t.app,
        STORAGE_API.mergeFile,
        { md5: hash, name: 'v.mp4', size: String(data.length), chunks: '3' },
        cookie,
      );
      expect(merged.json()).toMatchObject({ status: 200, data: { md5: hash } });
      const stored = fs.readFileSync(path.join(storage, 'files', hash.slice(0, 2), hash));
      expect(stored.equals(data)).toBe(true);
    });

    it('records nothing for a refused chunk, so the correct upload of that content goes through', async () => {
      const data = bytes(3 * MIB + 7, 28);
      const hash = md5Of(data);
      const first = data.subarray(0, EACH);
      const chunkFields = (over: Record<string, string>) => ({
        chunk: '1',
        chunks: '2',
        eachSize: String(EACH),
        md5: hash,
        fileName: 'w.mp4',
        fullSize: String(data.length),
        ...over,
      });
      const refusals: [Record<string, string>, string][] = [
        // Wrong figures: a one-byte file in chunks of 2 MiB, and the real first chunk.
        [{ chunks: '1', fullSize: '1' }, 'chunk_size_mismatch'],
        // An MD5 that is none, a chunk past the last, a chunk cut short (no declared size).
        [{ md5: 'not-an-md5' }, 'invalid_request'],
        [{ chunk: '3' }, 'chunk_out_of_range'],
        [{ chunk: '2' }, 'chunk_size_mismatch'],
      ];
      for (const [over, code] of refusals) {
        const refused = await postMultipart(
          t.app,
          STORAGE_API.chunkUpload,
          chunkFields(over),
          { name: 'blob', data: first },
          cookie,
        );
        expect(refused.statusCode, JSON.stringify(over)).toBe(400);
        expect(refused.json(), JSON.stringify(over)).toMatchObject({ code });
        // Nothing on disk for it either.
        expect(filesUnder(path.join(storage, 'chunks', SCHOOL, hash))).toEqual([]);
      }
      for (const chunk of [1, 2]) {
        const response = await postChunk(t.app, cookie, { data, md5: hash, chunk, eachSize: EACH });
        expect(response.json(), String(chunk)).toMatchObject({ status: 200, data: { chunk } });
      }
      const merged = await formPost(
        t.app,
        STORAGE_API.mergeFile,
        { md5: hash, name: 'w.mp4', size: String(data.length), chunks: '2' },
        cookie,
      );
      expect(merged.json()).toMatchObject({ status: 200, data: { md5: hash, size: data.length } });
      const stored = fs.readFileSync(path.join(storage, 'files', hash.slice(0, 2), hash));
      expect(stored.equals(data)).toBe(true);
    });

    it('does not corrupt a file when two tabs send the same chunks at once', async () => {
      const shared = bytes(6 * MIB + 1, 25);
      const sharedMd5 = md5Of(shared);
      const sends = [1, 2, 3, 4, 1, 2, 3, 4, 4, 3, 2, 1].map((chunk) =>
        postChunk(t.app, cookie, { data: shared, md5: sharedMd5, chunk, eachSize: EACH }),
      );
      const answers = await Promise.all(sends);
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
      const merges = await Promise.all(
        [1, 2].map(() =>
          formPost(
            t.app,
            STORAGE_API.mergeFile,
            { md5: sharedMd5, name: 'shared.mp4', size: String(shared.length), chunks: '4' },
            cookie,
          ),
        ),
      );
      for (const merge of merges) {
        expect(merge.json()).toMatchObject({ status: 200, data: { md5: sharedMd5 } });
      }
      const stored = fs.readFileSync(path.join(storage, 'files', sharedMd5.slice(0, 2), sharedMd5));
      expect(stored.equals(shared)).toBe(true);
    });
  });

  it('accepts a base64 image and validates it', async () => {
    const png = bytes(300, 31);
    const ok = await formPost(
      t.app,
      STORAGE_API.base64Upload,
      { serverid: 'base', fileName: '头像', base64Str: png.toString('base64'), type: 'png' },
      cookie,
    );
    expect(ok.json()).toMatchObject({
      status: 200,
      data: { fileName: '头像.png', md5: md5Of(png), size: 300, contentType: 'image/png' },
    });
    const empty = await formPost(
      t.app,
      STORAGE_API.base64Upload,
      { fileName: '', base64Str: '', type: 'png' },
      cookie,
    );
    expect(empty.statusCode).toBe(400);
    expect(
      envelope(empty)
        .fieldErrors.map((e) => e.field)
        .sort(),
    ).toEqual(['base64Str', 'fileName']);
    const invalid = await formPost(
      t.app,
      STORAGE_API.base64Upload,
      { fileName: 'a', base64Str: 'data:image/png;base64,AAAA', type: 'png' },
      cookie,
    );
    expect(invalid.json()).toMatchObject({ code: 'invalid_base64' });
    const notImage = await formPost(
      t.app,
      STORAGE_API.base64Upload,
      { fileName: 'a', base64Str: 'AAAA', type: 'exe' },
      cookie,
    );
    expect(notImage.json()).toMatchObject({ code: 'not_image' });
  });

  describe('download', () => {
    let stored: UploadedFileInfo;
    const data = bytes(10_000, 41);

    beforeAll(async () => {
      const response = await postMultipart(
        t.app,
        STORAGE_API.upload,
        {},
        { name: '期末 "成绩"单.png', data },
        cookie,
      );
      stored = envelope<UploadedFileInfo>(response).data;
    });

    it('serves the bytes as an attachment with a safe UTF-8 Content-Disposition', async () => {
      expect(stored.fileName).toBe('期末 _成绩_单.png');
      const response = await t.app.inject({ url: stored.url, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(data)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': '10000',
        'x-content-type-options': 'nosniff',
        'content-disposition': `attachment; filename="__ _____.png"; filename*=UTF-8''${encodeURIComponent('期末 _成绩_单.png')}`,
      });
      expect(response.headers['content-security-policy']).toContain('sandbox');
    });

    it('answers the generic download form (POST with Sy-Language), ranges and inline media', async () => {
      const posted = await formPost(
        t.app,
        `${STORAGE_API.download}?Sy-Language=en`,
        { id: stored.id },
        cookie,
      );
      expect(posted.statusCode).toBe(200);
      expect(posted.rawPayload.equals(data)).toBe(true);
      const range = await t.app.inject({
        url: stored.url,
        headers: { cookie, range: 'bytes=100-199' },
      });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-range']).toBe('bytes 100-199/10000');
      expect(range.rawPayload.equals(data.subarray(100, 200))).toBe(true);
      const inline = await t.app.inject({ url: `${stored.url}&inline=1`, headers: { cookie } });
      expect(inline.headers['content-disposition']).toMatch(/^inline;/);
      const past = await t.app.inject({
        url: stored.url,
        headers: { cookie, range: 'bytes=20000-' },
      });
      expect(past.statusCode).toBe(416);
    });

    it('is refused to another unit and for unknown ids', async () => {
      const foreign = await t.app.inject({
        url: stored.url,
        headers: { cookie: otherUnit, host: AREA_HOST },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'file_not_found' });
      const unknown = await t.app.inject({
        url: `${STORAGE_API.download}?id=AAAAAAAAAAAAAAAAAAAAAA`,
        headers: { cookie },
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({
        url: `${STORAGE_API.download}?id=../../etc`,
        headers: { cookie },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('lists the files of the signed-in user, newest first', async () => {
      const response = await t.app.inject({ url: STORAGE_API.myFiles, headers: { cookie } });
      const list = envelope<UploadedFileInfo[]>(response).data;
      expect(list[0]?.id).toBe(stored.id);
      const others = await t.app.inject({
        url: STORAGE_API.myFiles,
        headers: { cookie: otherUnit, host: AREA_HOST },
      });
      expect(envelope<UploadedFileInfo[]>(others).data).toEqual([]);
    });

    it('serves a file whose extension is an object key as plain bytes', async () => {
      for (const name of ['notes.constructor', 'notes.__proto__']) {
        const uploaded = await postMultipart(t.app, STORAGE_API.upload, {}, { name, data }, cookie);
        expect(uploaded.statusCode, name).toBe(200);
        const info = envelope<UploadedFileInfo>(uploaded).data;
        expect(info.contentType, name).toBe('application/octet-stream');
        const response = await t.app.inject({ url: info.url, headers: { cookie } });
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['content-type'], name).toBe('application/octet-stream');
      }
    });
  });
});

describe('storage limits and failures', () => {
  it('refuses a request over the size limit with 大小超出限制, and keeps nothing', async () => {
    const t = await createTestApp({
      passwordCost: TEST_PASSWORD_COST,
      uploadMaxRequestBytes: 4096,
      uploadMaxFileBytes: 10_000,
    });
    try {
      const { cookie } = await signIn(t.app, 'teacher01');
      const big = await postMultipart(
        t.app,
        STORAGE_API.upload,
        {},
        { name: 'big.png', data: bytes(4097) },
        cookie,
      );
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({
        code: 'payload_too_large',
        message: '大小超出限制|||Size limit exceeded',
      });
      const exact = await postMultipart(
        t.app,
        STORAGE_API.upload,
        {},
        { name: 'exact.png', data: bytes(4096) },
        cookie,
      );
      expect(exact.statusCode).toBe(200);
      const tooLargeFile = await formPost(
        t.app,
        STORAGE_API.blockUploadCheck,
        { md5: md5Of(bytes(1)), size: '10001', chunks: '3', chunk: '1' },
        cookie,
      );
      expect(tooLargeFile.statusCode).toBe(413);
      const chunkTooBig = await postChunk(t.app, cookie, {
        data: bytes(9000),
        md5: md5Of(bytes(9000)),
        chunk: 2,
        eachSize: 5000,
      });
      expect(chunkTooBig.statusCode).toBe(413);
      expect(chunkTooBig.json()).toMatchObject({ code: 'payload_too_large' });
      expect(filesUnder(path.join(t.dataDir, 'storage', 'tmp'))).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('answers a write failure clearly, without a stack or a path', async () => {
    const t = await createTestApp();
    try {
      const { cookie } = await signIn(t.app, 'teacher01');
      // The temporary folder is replaced by a file: every write fails (ENOTDIR).
      const tmp = path.join(t.dataDir, 'storage', 'tmp');
      fs.rmSync(tmp, { recursive: true });
      fs.writeFileSync(tmp, 'not a folder');
      const response = await postMultipart(
        t.app,
        STORAGE_API.upload,
        {},
        { name: 'a.png', data: bytes(100) },
        cookie,
      );
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        status: 500,
        code: 'write_error',
        message: '文件写入失败|||The file could not be written',
      });
      expect(response.body).not.toContain(t.dataDir);
    } finally {
      await t.close();
    }
  });

  it('leaves an unrecorded chunk folder written within the hour, then cleans it', async () => {
    // Another node may be writing an upload's first chunk (recorded only once whole) into the
    // shared files folder: the clean-up leaves a recently written folder alone.
    const t = await createTestApp({ uploadPartialMaxAgeSeconds: 3600 });
    try {
      const chunks = path.join(t.dataDir, 'storage', 'chunks');
      const other = md5Of(bytes(10, 54));
      const writing = path.join(chunks, SCHOOL, other, '2000');
      fs.mkdirSync(writing, { recursive: true });
      fs.writeFileSync(path.join(writing, 'data'), 'being written elsewhere');
      // Each check runs the clean-up (due once an hour), signed in afresh (tokens last 2 hours).
      const check = async () => {
        const { cookie } = await signIn(t.app, 'teacher01');
        const answer = await formPost(
          t.app,
          STORAGE_API.blockUploadCheck,
          { md5: md5Of(bytes(5000, 55)), size: '5000', chunks: '3', chunk: '1' },
          cookie,
        );
        expect(answer.json()).toMatchObject({ status: 200 });
      };
      t.clock.advance(3700 * 1000);
      await check();
      expect(filesUnder(path.join(chunks, SCHOOL, other))).toEqual([path.join('2000', 'data')]);

      const hourAgo = new Date(Date.now() - 3700 * 1000);
      fs.utimesSync(path.join(writing, 'data'), hourAgo, hourAgo);
      fs.utimesSync(writing, hourAgo, hourAgo);
      t.clock.advance(3700 * 1000);
      await check();
      expect(fs.existsSync(path.join(chunks, SCHOOL, other))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('cleans abandoned partial uploads after the configured age', async () => {
    const t = await createTestApp({ uploadPartialMaxAgeSeconds: 3600 });
    try {
      const { cookie } = await signIn(t.app, 'teacher01');
      const data = bytes(5000, 51);
      const md5 = md5Of(data);
      const fresh = bytes(5000, 52);
      const freshMd5 = md5Of(fresh);
      await postChunk(t.app, cookie, { data, md5, chunk: 1, eachSize: 2000 });
      const chunks = path.join(t.dataDir, 'storage', 'chunks');
      expect(filesUnder(path.join(chunks, SCHOOL, md5))).toEqual([path.join('2000', 'data')]);
      // A partial file of the layout before uploads were kept per unit (no record: migration 8).
      const legacy = path.join(chunks, md5Of(bytes(10, 53)), '2000');
      fs.mkdirSync(legacy, { recursive: true });
      fs.writeFileSync(path.join(legacy, 'data'), 'old');

      t.clock.advance(3000 * 1000);
      await postChunk(t.app, cookie, { data: fresh, md5: freshMd5, chunk: 1, eachSize: 2000 });
      // Not yet an hour since the first chunk: still there after a check ran the clean-up.
      t.clock.advance(700 * 1000);
      const check = (hash: string) =>
        formPost(
          t.app,
          STORAGE_API.blockUploadCheck,
          { md5: hash, size: '5000', chunks: '3', chunk: '1' },
          cookie,
        );
      expect((await check(freshMd5)).json()).toMatchObject({ data: { data: true } });
      expect(filesUnder(path.join(chunks, SCHOOL, md5))).toEqual([]);
      expect((await check(md5)).json()).toMatchObject({ data: { data: false } });
      expect(filesUnder(chunks)).toEqual([path.join(SCHOOL, freshMd5, '2000', 'data')]);
    } finally {
      await t.close();
    }
  });
});

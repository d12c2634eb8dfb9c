import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { STORAGE_API } from '../../contract/api-paths';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { bytes, filesUnder, formPost, md5Of } from './upload-test-helpers';

/**
 * A malformed multipart request is the client's mistake. Whatever its shape
 * (no boundary, a body cut short, no parts, a part without a name, garbage), both multipart
 * calls answer 400 with the platform envelope, log nothing at error level, keep no file and
 * record no chunk.
 */

const BOUNDARY = '----EduDeskTestBoundary7MA4YWxkTrZu0gW';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const CRLF = '\r\n';

const EACH = 1000;
const DATA = bytes(3 * EACH - 1, 301);
const MD5 = md5Of(DATA);
const CHUNK = DATA.subarray(0, EACH);

/** One part: a text field, or a file when `filename` is given; no name when `name` is null. */
function part(name: string | null, value: string | Buffer, filename?: string): Buffer {
  const disposition = [
    'form-data',
    ...(name === null ? [] : [`name="${name}"`]),
    ...(filename === undefined ? [] : [`filename="${filename}"`]),
  ].join('; ');
  const headers = [
    `--${BOUNDARY}`,
    `Content-Disposition: ${disposition}`,
    ...(filename === undefined ? [] : ['Content-Type: application/octet-stream']),
  ];
  return Buffer.concat([
    Buffer.from(headers.join(CRLF) + CRLF + CRLF),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from(CRLF),
  ]);
}

const CLOSE = Buffer.from(`--${BOUNDARY}--${CRLF}`);

/** The fields a chunk carries before its bytes, as the platform's client sends them. */
const CHUNK_FIELDS: Record<string, string> = {
  chunked: 'true',
  chunk: '1',
  chunks: '3',
  eachSize: String(EACH),
  md5: MD5,
  fileName: 'lesson.mp4',
  name: 'lesson.mp4',
  fullSize: String(DATA.length),
  uid: 'u1',
  size: String(EACH),
};

interface Call {
  route: string;
  fields: Record<string, string>;
}

const CALLS: Call[] = [
  { route: STORAGE_API.upload, fields: { uid: '1700000000000', md5: md5Of(CHUNK) } },
  { route: '/api/storage/upload', fields: {} },
  { route: STORAGE_API.chunkUpload, fields: CHUNK_FIELDS },
  { route: '/api/storage/file_piecewise/upload', fields: CHUNK_FIELDS },
];

function fieldParts(fields: Record<string, string>): Buffer[] {
  return Object.entries(fields).map(([name, value]) => part(name, value));
}

/** A well-formed body: the fields, then the file (the chunk's bytes). */
function wellFormed(fields: Record<string, string>): Buffer {
  return Buffer.concat([...fieldParts(fields), part('file', CHUNK, 'lesson.mp4'), CLOSE]);
}

interface Shape {
  contentType: string;
  body: (fields: Record<string, string>) => Buffer;
}

/** Malformed multipart bodies: each must answer 400. */
const MALFORMED: Record<string, Shape> = {
  'no boundary': { contentType: 'multipart/form-data', body: wellFormed },
  'no boundary, with a charset': {
    contentType: 'multipart/form-data; charset=utf-8',
    body: wellFormed,
  },
  'an empty boundary': { contentType: 'multipart/form-data; boundary=', body: wellFormed },
  'an empty quoted boundary': {
    contentType: 'multipart/form-data; boundary=""',
    body: wellFormed,
  },
  'a boundary longer than allowed': {
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    body: wellFormed,
  },
  'a body cut in the middle of the file part': {
    contentType: MULTIPART,
    body: (fields) =>
      Buffer.concat([...fieldParts(fields), part('file', CHUNK, 'lesson.mp4')]).subarray(0, -500),
  },
  'a body cut in the middle of a field': {
    contentType: MULTIPART,
    body: (fields) =>
      Buffer.concat([...fieldParts(fields), part('fileUpload', 'x'.repeat(200))]).subarray(0, -100),
  },
  'a body cut in the headers of a part': {
    contentType: MULTIPART,
    body: (fields) =>
      Buffer.concat([...fieldParts(fields), Buffer.from(`--${BOUNDARY}${CRLF}Content-Dispo`)]),
  },
  'a body cut right after the file, before its closing boundary': {
    contentType: MULTIPART,
    body: (fields) => Buffer.concat([...fieldParts(fields), part('file', CHUNK, 'lesson.mp4')]),
  },
  'a body whose last field is cut after the file': {
    contentType: MULTIPART,
    body: (fields) =>
      Buffer.concat([
        ...fieldParts(fields),
        part('file', CHUNK, 'lesson.mp4'),
        part('fileUpload', 'x'.repeat(100)),
      ]).subarray(0, -50),
  },
  'no parts at all': { contentType: MULTIPART, body: () => CLOSE },
  'an empty body': { contentType: MULTIPART, body: () => Buffer.alloc(0) },
  'a file part without a name': {
    contentType: MULTIPART,
    body: (fields) =>
      Buffer.concat([...fieldParts(fields), part(null, CHUNK, 'lesson.mp4'), CLOSE]),
  },
  'a field without a name': {
    contentType: MULTIPART,
    body: (fields) =>
      Buffer.concat([
        part(null, 'orphan'),
        ...fieldParts(fields),
        part('file', CHUNK, 'lesson.mp4'),
        CLOSE,
      ]),
  },
  'garbage bytes': { contentType: MULTIPART, body: () => bytes(5000, 302) },
  'a body framed by another boundary': {
    contentType: 'multipart/form-data; boundary=SomethingElse',
    body: wellFormed,
  },
};

/** Bodies that are not multipart at all, on a multipart call: refused as such, with an envelope. */
const NOT_MULTIPART: Record<string, { contentType: string | undefined; body: string | Buffer }> = {
  'a form': { contentType: 'application/x-www-form-urlencoded', body: 'a=b' },
  JSON: { contentType: 'application/json', body: '{"md5":"x"}' },
  'plain text': { contentType: 'text/plain', body: 'hello' },
  'raw bytes': { contentType: 'application/octet-stream', body: bytes(100, 303) },
  'multipart/mixed': { contentType: MULTIPART.replace('form-data', 'mixed'), body: CLOSE },
};

describe('malformed multipart requests', () => {
  let t: TestApp;
  let cookie: string;
  let storage: string;
  let errors: MockInstance;
  let fatals: MockInstance;

  // A fresh server for each case, so what one case stored or recorded never hides another's.
  beforeEach(async () => {
    t = await createTestApp();
    cookie = (await signIn(t.app, 'teacher01')).cookie;
    storage = path.join(t.dataDir, 'storage');
    // With the logger off, every request logs through the app's one logger object.
    errors = vi.spyOn(t.app.log, 'error');
    fatals = vi.spyOn(t.app.log, 'fatal');
  });
  afterEach(async () => {
    try {
      // Nothing logged as a server failure, and no temporary file left.
      expect([...errors.mock.calls, ...fatals.mock.calls]).toEqual([]);
      expect(filesUnder(path.join(storage, 'tmp'))).toEqual([]);
    } finally {
      vi.restoreAllMocks();
      await t.close();
    }
  });

  async function chunkIsWhole(): Promise<boolean> {
    const check = await formPost(
      t.app,
      STORAGE_API.blockUploadCheck,
      { md5: MD5, size: String(DATA.length), chunks: '3', chunk: '1' },
      cookie,
    );
    return check.json<{ data: { data: boolean } }>().data.data;
  }

  function post(route: string, contentType: string | undefined, payload: string | Buffer) {
    return t.app.inject({
      method: 'POST',
      url: route,
      headers: { cookie, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
      payload,
    });
  }

  const cases = Object.entries(MALFORMED).flatMap(([shape, { contentType, body }]) =>
    CALLS.map((call) => ({ shape, route: call.route, contentType, payload: body(call.fields) })),
  );

  it.each(cases)('answers 400 to $shape on $route', async ({ route, contentType, payload }) => {
    const response = await post(route, contentType, payload);
    expect(response.statusCode).toBe(400);
    const answer = response.json<Record<string, unknown>>();
    expect(answer).toMatchObject({ status: 400, data: null, fieldErrors: [] });
    expect(answer.code).toEqual(expect.any(String));
    expect(String(answer.message)).toMatch(/^[^|]+\|\|\|[^|]+$/);
    expect(Object.keys(answer).sort()).toEqual([
      'code',
      'data',
      'fieldErrors',
      'message',
      'status',
    ]);
    expect(await chunkIsWhole()).toBe(false);
    expect(filesUnder(path.join(storage, 'files'))).toEqual([]);
    expect(filesUnder(path.join(storage, 'chunks'))).toEqual([]);
  });

  it('answers a malformed body with its own code and words', async () => {
    const response = await post(
      STORAGE_API.upload,
      MULTIPART,
      Buffer.concat([part('file', CHUNK, 'a.png')]).subarray(0, -300),
    );
    expect(response.json()).toEqual({
      status: 400,
      code: 'malformed_multipart',
      message: '上传请求的格式不正确|||The upload request is not well-formed multipart data',
      data: null,
      fieldErrors: [],
    });
  });

  const wrongTypes = Object.entries(NOT_MULTIPART).flatMap(([shape, { contentType, body }]) =>
    CALLS.map((call) => ({ shape, route: call.route, contentType, body })),
  );

  it.each(wrongTypes)('refuses $shape on $route as not multipart', async (entry) => {
    const response = await post(entry.route, entry.contentType, entry.body);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message: '不支持的请求内容类型|||Unsupported request content type',
      data: null,
      fieldErrors: [],
    });
  });

  it('answers 400 to bodies cut short over a real connection, sent piece by piece', async () => {
    // Over a socket the pieces arrive apart, so busboy reports the cut while a part is being
    // read (a part "terminated early"), not only once the body is over.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (route: string, pieces: Buffer[]) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: route,
            headers: {
              cookie,
              'content-type': MULTIPART,
              'content-length': String(Buffer.concat(pieces).length),
            },
          },
          (response) => {
            const received: Buffer[] = [];
            response.on('data', (piece: Buffer) => received.push(piece));
            response.on('end', () => {
              resolve({
                status: response.statusCode ?? 0,
                body: Buffer.concat(received).toString(),
              });
            });
          },
        );
        request.on('error', reject);
        void (async () => {
          for (const piece of pieces) {
            request.write(piece);
            await new Promise((wait) => setTimeout(wait, 15));
          }
          request.end();
        })();
      });
    for (const call of CALLS) {
      const head = Buffer.concat([...fieldParts(call.fields), part('file', CHUNK, 'v.mp4')]);
      const cuts = [
        // In the middle of the file's bytes.
        [head.subarray(0, head.length - 600), head.subarray(head.length - 600, head.length - 300)],
        // Right after the file's bytes, before any delimiter.
        [head.subarray(0, head.length - 300), head.subarray(head.length - 300)],
        // In a field, before the file.
        [fieldParts(call.fields)[0] ?? Buffer.alloc(0), Buffer.from(`--${BOUNDARY}${CRLF}Con`)],
        // In a field after the file, once the file's bytes are all in (the chunk is written by
        // then, but must not count).
        [Buffer.concat([head, part('uid', 'u1')]), part('fileUpload', 'x'.repeat(100))],
      ];
      for (const pieces of cuts) {
        const answer = await send(call.route, pieces);
        expect(answer.status, call.route).toBe(400);
        expect(JSON.parse(answer.body), call.route).toEqual({
          status: 400,
          code: 'malformed_multipart',
          message: '上传请求的格式不正确|||The upload request is not well-formed multipart data',
          data: null,
          fieldErrors: [],
        });
      }
    }
    expect(await chunkIsWhole()).toBe(false);
    expect(filesUnder(path.join(storage, 'files'))).toEqual([]);
    // Nor anything of the chunks: no chunk of their upload was ever kept.
    expect(filesUnder(path.join(storage, 'chunks'))).toEqual([]);
  });

  it('still takes well-formed requests, whatever the boundary is like', async () => {
    for (const boundary of ['x', 'simple', "a'()+_,-./:=? b", '-'.repeat(70)]) {
      const body = wellFormed(CALLS[0]?.fields ?? {})
        .toString('latin1')
        .replaceAll(BOUNDARY, boundary);
      for (const contentType of [
        `multipart/form-data; boundary=${boundary.includes(' ') ? `"${boundary}"` : boundary}`,
        `Multipart/Form-Data; charset=utf-8; BOUNDARY="${boundary}"`,
      ]) {
        const response = await post(STORAGE_API.upload, contentType, Buffer.from(body, 'latin1'));
        expect(response.json(), `${boundary} ${contentType}`).toMatchObject({
          status: 200,
          data: { md5: md5Of(CHUNK), size: EACH },
        });
      }
    }
    // A preamble before the first part and an epilogue after the last are allowed.
    const framed = Buffer.concat([
      Buffer.from(`preamble${CRLF}`),
      wellFormed({}),
      Buffer.from('epilogue'),
    ]);
    const response = await post(STORAGE_API.upload, MULTIPART, framed);
    expect(response.json()).toMatchObject({ status: 200, data: { size: EACH } });
    // The chunk call too.
    const chunk = await post(STORAGE_API.chunkUpload, MULTIPART, wellFormed(CHUNK_FIELDS));
    expect(chunk.json()).toMatchObject({ status: 200, data: { chunk: 1, chunks: 3 } });
    expect(await chunkIsWhole()).toBe(true);
  });
  it.runIf(fs.existsSync('/proc/self/fd'))(
    'refuses a chunk whose fields after its bytes are wrong, holding no file open',
    async () => {
      // The bytes first, so they wait in a temporary file until the fields are read, then refused.
      const body = Buffer.concat([
        part('file', CHUNK, 'lesson.mp4'),
        ...fieldParts({ ...CHUNK_FIELDS, chunk: 'x' }),
        CLOSE,
      ]);
      for (let i = 0; i < 20; i += 1) {
        const response = await post(STORAGE_API.chunkUpload, MULTIPART, body);
        expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      // No descriptor left on a temporary file (removed, so its link ends in "(deleted)").
      const held = fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(path.join(storage, 'tmp')));
      expect(held).toEqual([]);
    },
  );
});

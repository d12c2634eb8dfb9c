import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, STORAGE_API } from '../../contract/api-paths';
import { OPENAPI_PATH } from '../../contract/openapi';
import { UPLOAD_FIELDS } from '../../contract/upload';
import { isApiPath } from '../http/paths';
import type { RouteEntry } from '../http/route-catalogue';
import { createTestApp, signIn, type TestApp, TEST_PASSWORD_COST } from '../testing/test-app';

/**
 * A fuzz pass over every route the server registers (every call of contract/, the pages, the
 * stand-ins): random and boundary values for every field of each route's schema, wrong types,
 * huge and empty bodies, large arrays beside known fields, malformed JSON, form and multipart
 * bodies, hostile path parameters, with and without a session. Every answer must be below 500,
 * every API answer the envelope, nothing may be logged as an internal error, and the server must
 * keep answering. A second pass puts what PostgreSQL cannot take (a NUL character, integers past
 * BIGINT) in each field of each route in turn, the others plausible, so that it reaches the
 * database: the suite runs on SQLite and on PostgreSQL (scripts/test-server.mjs).
 * FUZZ_SEED and FUZZ_CASES reproduce or widen a run; the defaults keep `npm test` bounded.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 10);

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Fuzz {
  constructor(readonly random: () => number) {}
  int(max: number): number {
    return Math.floor(this.random() * max);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  text(): string {
    return this.pick([
      () => '',
      () => ' ',
      () => 'a',
      () => '0',
      () => '-1',
      () => '1e309',
      () => '9007199254740993',
      () => 'NaN',
      () => 'null',
      () => 'true',
      () => '../../../etc/passwd',
      () => '..\\..\\windows\\win.ini',
      () => '%00',
      () => '\u0000',
      () => '<script>alert(1)</script>',
      () => "' OR 1=1 --",
      () => '{"__proto__":{"x":1}}',
      () => '𠜎😀\u202e',
      () => 'x'.repeat(1 + this.int(5000)),
      () => 'x'.repeat(70_000),
      () => 'd41d8cd98f00b204e9800998ecf8427e',
      () => String(this.int(1e6)),
      () => Buffer.from(Array.from({ length: 24 }, () => this.int(256))).toString('latin1'),
    ])();
  }
  value(depth = 0): unknown {
    const kinds: (() => unknown)[] = [
      () => this.text(),
      () => this.int(2) === 0,
      () => this.pick([0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 0.5, 1e308]),
      () => null,
    ];
    if (depth < 2) {
      kinds.push(
        () => Array.from({ length: this.int(4) }, () => this.value(depth + 1)),
        () => ({ [this.text().slice(0, 20)]: this.value(depth + 1) }),
      );
    }
    return this.pick(kinds)();
  }
}

/** The property names a schema (TypeBox / JSON Schema) names anywhere in it. */
function fieldsOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return into;
  const node = schema as Record<string, unknown>;
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, child] of Object.entries(node.properties)) {
      into.add(name);
      fieldsOf(child, into);
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'items']) {
    const children = node[key];
    for (const child of Array.isArray(children) ? children : [children]) fieldsOf(child, into);
  }
  return into;
}

const UPLOAD_FIELD_NAMES = Object.values(UPLOAD_FIELDS);

function fieldNames(route: RouteEntry, part: 'body' | 'querystring'): string[] {
  const names = [...fieldsOf(route.schema?.[part])];
  // Multipart routes read their fields themselves (no body schema): use the upload fields.
  return names.length > 0 ? names : UPLOAD_FIELD_NAMES;
}

function objectFor(fuzz: Fuzz, names: readonly string[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const name of names) if (fuzz.chance(0.75)) object[name] = fuzz.value();
  if (fuzz.chance(0.1)) object[fuzz.text().slice(0, 30)] = fuzz.value();
  return object;
}

function flat(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function queryFor(fuzz: Fuzz, names: readonly string[]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(objectFor(fuzz, names))) {
    params.append(name, flat(value));
  }
  if (fuzz.chance(0.1)) return `${params.toString()}&%zz=%&a[b]=1&a[b]=2`;
  return params.toString();
}

function multipart(fuzz: Fuzz, names: readonly string[]): { type: string; body: Buffer } {
  const boundary = `----fuzz${String(fuzz.int(1e9))}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(objectFor(fuzz, names))) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${flat(value)}\r\n`,
      ),
    );
  }
  if (fuzz.chance(0.7)) {
    const name = fuzz.pick(['file', 'image', UPLOAD_FIELDS.fileUpload, '', 'x"y']);
    const filename = fuzz.pick(['a.txt', '../../x.png', 'con.exe', '', 'a'.repeat(400), '😀.jpg']);
    const bytes = Buffer.from(Array.from({ length: fuzz.int(4096) }, () => fuzz.int(256)));
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  let body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  const shape = fuzz.int(6);
  if (shape === 0) body = body.subarray(0, fuzz.int(body.length)); // cut short
  if (shape === 1) return { type: 'multipart/form-data', body }; // no boundary
  if (shape === 2) return { type: 'multipart/form-data; boundary=', body };
  return { type: `multipart/form-data; boundary=${boundary}`, body };
}

/** A path parameter's value: hostile or plausible. */
function fillParams(fuzz: Fuzz, url: string): string {
  return url
    .replace(/:[A-Za-z0-9_]+/g, () =>
      encodeURIComponent(
        fuzz.pick([
          '1001',
          '0',
          '-1',
          '..',
          '%2e%2e',
          'a'.repeat(300),
          fuzz.text().slice(0, 80),
          // Names of JavaScript object keys, which a lookup in a plain object would find.
          'constructor',
          'toString',
          'valueOf',
          'hasOwnProperty',
          '__proto__',
          'constructor.svg',
          'toString-gray.svg',
        ]),
      ),
    )
    .replace(/\*$/, () => fuzz.pick(['', 'index.html', '../../package.json', '%2e%2e/x', 'a/b/c']));
}

type Method = NonNullable<InjectOptions['method']>;

interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
}

function requestFor(fuzz: Fuzz, route: RouteEntry, cookie: string | undefined): FuzzRequest {
  const method: Method = route.method;
  const query = queryFor(fuzz, fieldNames(route, 'querystring'));
  const url = `${fillParams(fuzz, route.url)}${query === '' ? '' : `?${query}`}`;
  const headers: Record<string, string> = {};
  if (cookie !== undefined && fuzz.chance(0.7)) headers.cookie = cookie;
  if (fuzz.chance(0.1)) headers['sec-fetch-site'] = fuzz.pick(['cross-site', 'same-site', 'none']);
  if (fuzz.chance(0.05)) headers.authorization = `Bearer ${fuzz.text().slice(0, 200)}`;
  if (method === 'GET' || method === 'HEAD') return { method, url, headers };

  const names = fieldNames(route, 'body');
  const kind = fuzz.int(9);
  let payload: string | Buffer;
  if (kind === 0) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(objectFor(fuzz, names));
  } else if (kind === 1) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = queryFor(fuzz, names);
  } else if (kind === 2) {
    const form = multipart(fuzz, names);
    headers['content-type'] = form.type;
    payload = form.body;
  } else if (kind === 3) {
    headers['content-type'] = 'application/json';
    payload = fuzz.pick(['', '{', '[]', 'null', '"x"', '{"a":', '1', '{"__proto__":{"a":1}}']);
  } else if (kind === 4) {
    headers['content-type'] = fuzz.pick(['application/json', 'application/x-www-form-urlencoded']);
    payload = `{"x":"${'y'.repeat(200_000)}"}`;
  } else if (kind === 5) {
    headers['content-type'] = fuzz.pick(['text/plain', 'application/xml', 'image/png', 'x/y;;']);
    payload = fuzz.text();
  } else if (kind === 6) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(fuzz.value());
  } else if (kind === 7) {
    // A large array beside the route's own fields (the body once walked value by value).
    headers['content-type'] = 'application/json';
    const fields = objectFor(fuzz, names);
    payload = JSON.stringify({
      ...fields,
      a: new Array<number>(20_000 + fuzz.int(400_000)).fill(0),
    });
  } else {
    payload = '';
  }
  return { method, url, headers, payload };
}

const ENVELOPE_KEYS = ['code', 'data', 'fieldErrors', 'message', 'status'];

/**
 * Values neither engine may store or compare as given: a NUL character (PostgreSQL's text cannot
 * hold one) and integers beyond JavaScript's safe range and PostgreSQL's BIGINT (2^63, 2^64,
 * -2^63-1, as numbers and as the decimal text a form or query sends).
 */
const UNSTORABLE: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  2 ** 63,
  2 ** 64,
  -(2 ** 63) - 1,
  '9223372036854775808',
  '18446744073709551616',
  '-9223372036854775809',
  '1e30',
];

/** Texts tried, in order, for a string a schema asks for: the first its rules accept is used. */
const SAMPLE_TEXTS = [
  'a',
  '1',
  'd41d8cd98f00b204e9800998ecf8427e',
  'abcdefgh12345678',
  'aGVsbG8=',
  '.png',
  'a@b.cn',
  '',
];

function sampleText(node: Record<string, unknown>): string {
  const { pattern, minLength, maxLength } = node;
  return (
    SAMPLE_TEXTS.find(
      (text) =>
        (typeof pattern !== 'string' || new RegExp(pattern, 'u').test(text)) &&
        (typeof minLength !== 'number' || text.length >= minLength) &&
        (typeof maxLength !== 'number' || text.length <= maxLength),
    ) ?? 'a'
  );
}

/**
 * A value a schema accepts, as far as a simple reading of it goes (every property, optional ones
 * too): the plausible request in which one field at a time gets an unstorable value, so that the
 * value reaches the handler, and the database, rather than a schema error about its neighbours.
 */
function sampleOf(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return 'a';
  const node = schema as Record<string, unknown>;
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const options = node[key];
    if (Array.isArray(options) && options.length > 0) return sampleOf(options[0]);
  }
  switch (node.type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, sampleOf(child)]),
      );
    }
    case 'array':
      return typeof node.minItems === 'number' && node.minItems > 0 ? [sampleOf(node.items)] : [];
    case 'integer':
    case 'number':
      return typeof node.minimum === 'number' ? node.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return sampleText(node);
  }
}

function sampleObject(schema: unknown): Record<string, unknown> {
  const sample = sampleOf(schema);
  return typeof sample === 'object' && sample !== null && !Array.isArray(sample)
    ? (sample as Record<string, unknown>)
    : {};
}

function formOf(object: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(object)) params.append(name, flat(value));
  return params.toString();
}

/** The multipart calls: they read their fields themselves, beside a file. */
const MULTIPART_CALLS = [STORAGE_API.upload, STORAGE_API.chunkUpload].map((url) =>
  url.replace(/^\/zuul/, ''),
);

/** The fields the other calls without a body schema read (the OAuth token call, the stand-ins). */
const LOOSE_BODY = Object.fromEntries(
  ['client_id', 'client_secret', 'grant_type', 'code', 'refresh_token', 'identity', 'action'].map(
    (name) => [name, 'a'],
  ),
);

/** Each field of `base` in turn set to `value` (a field `x` when it has none). */
function eachFieldSetTo(base: Record<string, unknown>, value: unknown): Record<string, unknown>[] {
  const names = Object.keys(base);
  if (names.length === 0) return [{ x: value }];
  return names.map((name) => ({ ...base, [name]: value }));
}

const BOUNDARY = '----unstorable';

function multipartOf(fields: Record<string, unknown>, filename: string): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${flat(value)}\r\n`,
  );
  return Buffer.from(
    `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ` +
      `filename="${filename}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
  );
}

/**
 * The requests that put each unstorable value in one place of a route at a time, the other
 * fields plausible: each field of its query, each path parameter, each field of its body (JSON
 * and form-encoded), each text field of a multipart body and its file's name.
 */
function unstorableRequests(route: RouteEntry, cookie: string): FuzzRequest[] {
  const method = route.method;
  const headers = { cookie };
  const query = sampleObject(route.schema?.querystring);
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  const urlWith = (search: Record<string, unknown>, params: Record<string, string> = {}) => {
    const path = route.url
      .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'))
      .replace(/\*$/, 'index.html');
    const text = formOf(search);
    return text === '' ? path : `${path}?${text}`;
  };
  const schema = route.schema?.body;
  const multipart = schema === undefined && MULTIPART_CALLS.some((url) => route.url.endsWith(url));
  const body = schema === undefined ? (multipart ? {} : LOOSE_BODY) : sampleObject(schema);
  const requests: FuzzRequest[] = [];
  for (const value of UNSTORABLE) {
    for (const search of eachFieldSetTo(query, value)) {
      requests.push({ method, headers, url: urlWith(search) });
    }
    for (const name of paramNames) {
      requests.push({ method, headers, url: urlWith(query, { [name]: flat(value) }) });
    }
    if (method === 'GET' || method === 'HEAD') continue;
    const url = urlWith(query);
    if (multipart) {
      const multipartHeaders = {
        ...headers,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      };
      for (const name of UPLOAD_FIELD_NAMES) {
        const payload = multipartOf({ [name]: value }, 'a.txt');
        requests.push({ method, url, headers: multipartHeaders, payload });
      }
      const payload = multipartOf({}, flat(value));
      requests.push({ method, url, headers: multipartHeaders, payload });
      continue;
    }
    for (const fields of eachFieldSetTo(body, value)) {
      const json = { ...headers, 'content-type': 'application/json' };
      const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
      requests.push(
        { method, url, headers: json, payload: JSON.stringify(fields) },
        { method, url, headers: form, payload: formOf(fields) },
      );
    }
  }
  return requests;
}

describe('route fuzzing', () => {
  let t: TestApp;
  let log = '';
  let webRoot: string;
  beforeAll(async () => {
    // A small web build, so the pages answer as they do in production (not "build missing").
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'edudesk-fuzz-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>EduDesk</title>');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
    t = await createTestApp({
      logger: true,
      logStream: stream,
      passwordCost: TEST_PASSWORD_COST,
      webRoot,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  async function session(app: FastifyInstance, fuzz: Fuzz): Promise<string | undefined> {
    if (fuzz.chance(0.2)) return undefined;
    return (await signIn(app, fuzz.pick(['teacher01', 'student01', 'parent01']))).cookie;
  }

  /** What is wrong with an answer: a 5xx, or an API answer that is not the envelope. */
  function faultOf(request: FuzzRequest, response: LightMyRequestResponse): string | undefined {
    const payload = typeof request.payload === 'string' ? request.payload.slice(0, 200) : '';
    const url = JSON.stringify(request.url.slice(0, 200));
    const where = `${request.method} ${url} ${JSON.stringify(payload)}`;
    if (response.statusCode >= 500) {
      return `${where} → ${String(response.statusCode)} ${response.body.slice(0, 200)}`;
    }
    // Every API error, and every JSON answer, is the envelope (a file or image is not).
    const json = String(response.headers['content-type']).startsWith('application/json');
    const error = response.statusCode >= 400;
    // The OpenAPI description (contract/openapi.ts) is a document for tools, not a call's answer.
    const document = request.url.split('?')[0] === OPENAPI_PATH && !error;
    if (isApiPath(request.url) && request.method !== 'HEAD' && (json || error) && !document) {
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = undefined;
      }
      const keys = typeof body === 'object' && body !== null ? Object.keys(body).sort() : undefined;
      if (keys?.join() !== ENVELOPE_KEYS.join()) {
        return `${where} → not an envelope: ${response.body.slice(0, 200)}`;
      }
    }
    return undefined;
  }

  /** Nothing was logged as an internal error (pino level 50 and above). */
  function internalErrors(): string[] {
    return log
      .split('\n')
      .filter((line) => /"level":(5|6)0/.test(line))
      .map((line) => line.slice(0, 300));
  }

  it(
    'never answers 5xx, always the envelope on the API, and keeps answering',
    { timeout: 300_000 },
    async () => {
      const fuzz = new Fuzz(generator(SEED));
      const routes = t.app.routeCatalogue.filter((route) => route.method !== 'OPTIONS');
      expect(routes.length).toBeGreaterThan(60);
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const cookie = await session(t.app, fuzz);
        for (let i = 0; i < CASES_PER_ROUTE; i += 1) {
          const request = requestFor(fuzz, route, cookie);
          const response = await t.app.inject(request);
          sent += 1;
          const fault = faultOf(request, response);
          if (fault !== undefined) failures.push(fault);
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBe(routes.length * CASES_PER_ROUTE);

      expect(internalErrors()).toEqual([]);

      // Still answering, and a real sign-in still works.
      const me = await t.app.inject({ url: API.me });
      expect(me.json()).toMatchObject({ status: 401 });
      const { cookie } = await signIn(t.app, 'teacher02');
      const after = await t.app.inject({ url: API.me, headers: { cookie } });
      expect(after.json()).toMatchObject({ status: 200, data: { loginName: 'teacher02' } });
    },
  );

  it(
    'refuses a NUL character or an integer beyond BIGINT in any field, not with a 5xx',
    { timeout: 300_000 },
    async () => {
      // HEAD answers as GET does.
      const routes = t.app.routeCatalogue.filter(
        (route) => route.method !== 'OPTIONS' && route.method !== 'HEAD',
      );
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        // Signed in as the administrator, whom every call lets through to its work. A wrong
        // current password counts as a failed sign-in (server/uaa/password-routes.ts): the
        // password change spends an account of its own, whose lock the other routes never meet.
        const user = route.url === API.changePassword ? 'teacher02' : 'teacher01';
        const { cookie } = await signIn(t.app, user);
        for (const request of unstorableRequests(route, cookie)) {
          // Each from an address of its own: the failed sign-ins among them must not make the
          // next sign-in prove its work.
          request.remoteAddress = `10.0.${String(sent >> 8)}.${String(sent & 255)}`;
          const response = await t.app.inject(request);
          sent += 1;
          const fault = faultOf(request, response);
          if (fault !== undefined) failures.push(fault);
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThan(routes.length * UNSTORABLE.length);
      expect(internalErrors()).toEqual([]);
    },
  );
});

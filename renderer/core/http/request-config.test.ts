// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HEADER_APP_CODE, HEADER_DEVICE, HEADER_LANGUAGE } from '../../../contract/http-headers';
import {
  HTTP_METHODS,
  HTTP_TIMEOUT_MS,
  buildAxiosConfig,
  isHttpMethod,
  isObjectPayload,
  toFormBody,
  toFormData,
  type HttpMethod,
  type RequestSpec,
} from './request-config';

const context = { language: 'en', device: 'pc' as const, appCode: 'base', now: 1234 };

function build(method: HttpMethod, extra: Partial<RequestSpec> = {}) {
  return buildAxiosConfig({ method, url: '/x', options: {}, ...extra }, context);
}

describe('buildAxiosConfig', () => {
  it.each([
    ['get', true],
    ['delete', true],
    ['post', false],
    ['put', false],
    ['upload', false],
  ] as const)('%s adds the _t timestamp only when caching is off: %s', (method, stamped) => {
    const uncached = build(method).params as Record<string, unknown>;
    expect('_t' in uncached).toBe(stamped);
    if (stamped) expect(uncached._t).toBe(1234);
    const cached = build(method, { options: { cache: true } }).params as Record<string, unknown>;
    expect('_t' in cached).toBe(false);
  });

  it('carries the three headers, caller headers on top, and the 20-minute timeout', () => {
    const config = build('get', { options: { headers: { 'x-extra': '1' } } });
    expect(config.headers).toMatchObject({
      [HEADER_LANGUAGE]: 'en',
      [HEADER_DEVICE]: 'pc',
      [HEADER_APP_CODE]: 'base',
      'x-extra': '1',
    });
    expect(config.timeout).toBe(HTTP_TIMEOUT_MS);
    expect(config.withCredentials).toBe(true);
    expect(build('get', { options: { timeout: 5 } }).timeout).toBe(5);
  });

  it('adds the nonce of a signed call as the signature parameter', () => {
    const config = buildAxiosConfig(
      { method: 'get', url: '/me', options: {} },
      { ...context, nonce: 'n1' },
    );
    expect(config.params).toMatchObject({ signature: 'n1' });
  });

  it('maps upload to a multipart POST and post-json to a JSON body', () => {
    const upload = build('upload', { data: { a: 'b' } });
    expect(upload.method).toBe('post');
    expect(upload.data).toBeInstanceOf(FormData);
    expect(build('post', { data: { a: 1 }, json: true }).data).toEqual({ a: 1 });
    expect(build('post', { data: { a: 1 } }).data).toBeInstanceOf(URLSearchParams);
    expect(build('put', { data: { a: 1 } }).data).toBeInstanceOf(URLSearchParams);
    expect(build('get', { data: { a: 1 } }).data).toBeUndefined();
  });
});

describe('bodies', () => {
  it('form-encodes scalars as text and arrays/objects as JSON, skipping null and undefined', () => {
    const body = toFormBody({
      s: 'a b',
      n: 1,
      t: true,
      list: ['x'],
      o: { k: 1 },
      nul: null,
      u: undefined,
    });
    expect(body.toString()).toBe('s=a+b&n=1&t=true&list=%5B%22x%22%5D&o=%7B%22k%22%3A1%7D');
    expect(toFormBody(undefined).toString()).toBe('');
    expect(toFormBody('raw=1')).toBe('raw=1');
  });

  it('builds FormData from an object, files as files', () => {
    const file = new File(['x'], 'a.txt');
    const form = toFormData({ file, many: [new Blob(['1']), new Blob(['2'])], n: 2, o: { a: 1 } });
    expect((form.get('file') as File).name).toBe('a.txt');
    expect(form.getAll('many')).toHaveLength(2);
    expect(form.get('n')).toBe('2');
    expect(form.get('o')).toBe('{"a":1}');
    const same = new FormData();
    expect(toFormData(same)).toBe(same);
  });

  it('recognises object payloads', () => {
    expect(isObjectPayload(new FormData())).toBe(true);
    expect(isObjectPayload(new Blob())).toBe(true);
    expect(isObjectPayload(new File([], 'f'))).toBe(true);
    expect(isObjectPayload(new ArrayBuffer(1))).toBe(true);
    expect(isObjectPayload(new Uint8Array(1))).toBe(true);
    expect(isObjectPayload({ a: 1 })).toBe(false);
    expect(isObjectPayload('text')).toBe(false);
    expect(isObjectPayload(undefined)).toBe(false);
  });
});

describe('methods', () => {
  it('accepts exactly delete, get, post, put and upload', () => {
    expect([...HTTP_METHODS].sort()).toEqual(['delete', 'get', 'post', 'put', 'upload']);
    for (const method of HTTP_METHODS) expect(isHttpMethod(method)).toBe(true);
    for (const method of ['patch', 'head', 'options', '', 'GET', 1, null]) {
      expect(isHttpMethod(method)).toBe(false);
    }
  });
});

// @vitest-environment node
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../contract/api-paths';
import { bilingual } from '../../../contract/envelope';
import { HEADER_APP_CODE, HEADER_DEVICE, HEADER_LANGUAGE } from '../../../contract/http-headers';
import type { LangType } from '../../../contract/languages';
import { signPayload } from '../../../contract/signature';
import {
  RELOGIN_REASON_EXPIRED,
  RELOGIN_REASON_SIGNATURE,
  httpInstance,
  resetHttpForTests,
} from './client';
import { HttpError } from './errors';
import { configureHttp, type HttpHooks } from './hooks';
import { http } from './http';
import { HTTP_TIMEOUT_MS } from './request-config';
import {
  createRouteServer,
  reply,
  type Received,
  type Route,
} from '../../../tests/support/route-server';

const testServer = createRouteServer();
const { routes, received } = testServer;
let base = '';

function envelope(status: number, extra: Record<string, unknown> = {}) {
  return {
    status,
    message: '',
    data: null,
    code: status === 200 ? 'ok' : 'error',
    fieldErrors: [],
    ...extra,
  };
}

beforeAll(async () => {
  base = await testServer.start();
});

afterAll(() => testServer.stop());

let notify = vi.fn<HttpHooks['notify']>();
let relogin = vi.fn<HttpHooks['onReloginRequired']>();
let language: LangType = 'en';

beforeEach(() => {
  resetHttpForTests();
  httpInstance.defaults.baseURL = base;
  testServer.reset();
  language = 'en';
  notify = vi.fn<HttpHooks['notify']>();
  relogin = vi.fn<HttpHooks['onReloginRequired']>();
  configureHttp({
    notify,
    onReloginRequired: relogin,
    getLanguage: () => language,
    getAppCode: () => 'base',
    getDevice: () => 'pc',
  });
});

afterEach(() => {
  resetHttpForTests();
});

function calls(path: string): Received[] {
  return received.filter((entry) => entry.path === path);
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('defaults', () => {
  it('sends credentials with a 20-minute timeout on one instance', () => {
    expect(HTTP_TIMEOUT_MS).toBe(1_200_000);
    expect(httpInstance.defaults.timeout).toBe(1_200_000);
    expect(httpInstance.defaults.withCredentials).toBe(true);
  });

  it('carries the language, device and app-code headers on every request', async () => {
    routes.set('GET /a', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    routes.set('POST /b', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    language = 'zh-HK';
    await http.get('/a');
    configureHttp({ getDevice: () => 'h5', getAppCode: () => 'oa' });
    await http.post('/b', { x: 1 });
    const [first, second] = received;
    expect(first?.headers[HEADER_LANGUAGE]).toBe('zh-HK');
    expect(first?.headers[HEADER_DEVICE]).toBe('pc');
    expect(first?.headers[HEADER_APP_CODE]).toBe('base');
    expect(second?.headers[HEADER_DEVICE]).toBe('h5');
    expect(second?.headers[HEADER_APP_CODE]).toBe('oa');
  });
});

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Routes answering 200 with a success envelope ('GET /path'). */
function answerOk(...keys: string[]): void {
  for (const key of keys) {
    routes.set(key, (_req, res) => {
      reply(res, 200, envelope(200));
    });
  }
}

describe('call priorities (RequestOptions.priority)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a user-blocking call at once, others in a task posted at their priority', async () => {
    answerOk('GET /queued', 'GET /later', 'POST /blocking');
    // A browser whose queued tasks have not run yet (a render, the page's boot).
    const { promise: queued, resolve: runQueued } = deferred();
    const posted: (string | undefined)[] = [];
    vi.stubGlobal('scheduler', {
      postTask: (task: () => void, options?: { priority?: string }) => {
        posted.push(options?.priority);
        return queued.then(task);
      },
    });

    const waiting = [
      http.get('/queued'),
      http.get('/later', undefined, { priority: 'background' }),
    ];
    await http.post('/blocking', { x: 1 }, { priority: 'user-blocking' });
    expect(calls('/blocking')).toHaveLength(1);
    expect(calls('/queued')).toHaveLength(0);
    expect(posted).toEqual(['user-visible', 'background']);

    runQueued();
    await Promise.all(waiting);
    expect(calls('/queued')).toHaveLength(1);
    expect(calls('/later')).toHaveLength(1);
  });
});

describe('request bodies and parameters', () => {
  it('adds _t to GET when caching is off, and none when it is on', async () => {
    routes.set('GET /t', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    const before = Date.now();
    await http.get('/t', { q: 'x' });
    await http.get('/t', { q: 'y' }, { cache: true });
    const [uncached, cached] = calls('/t');
    const stamp = Number(uncached?.query.get('_t'));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(uncached?.query.get('q')).toBe('x');
    expect(cached?.query.has('_t')).toBe(false);
    expect(cached?.query.get('q')).toBe('y');
  });

  it('posts form-encoded fields, arrays and objects as JSON text', async () => {
    routes.set('POST /form', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    await http.post('/form', {
      name: '王老师',
      ids: [1, 2],
      meta: { a: true },
      n: 3,
      skip: undefined,
    });
    const [entry] = calls('/form');
    expect(entry?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(entry?.body);
    expect(form.get('name')).toBe('王老师');
    expect(form.get('ids')).toBe('[1,2]');
    expect(form.get('meta')).toBe('{"a":true}');
    expect(form.get('n')).toBe('3');
    expect(form.has('skip')).toBe(false);
    expect(entry?.query.has('_t')).toBe(false);
  });

  it('posts JSON with postJson', async () => {
    routes.set('POST /json', (_req, res) => {
      reply(res, 200, envelope(200, { data: 7 }));
    });
    const answer = await http.postJson<number>('/json', { list: [1, 2] });
    const [entry] = calls('/json');
    expect(entry?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(entry?.body ?? '')).toEqual({ list: [1, 2] });
    expect(answer.data).toBe(7);
  });

  it('uploads multipart, from FormData or from an object with a Blob', async () => {
    routes.set('POST /up', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    const form = new FormData();
    form.append('file', new Blob(['hello-file']), 'a.txt');
    await http.upload('/up', form);
    await http.upload('/up', { file: new File(['second'], 'b.png'), md5: 'abc', chunk: 2 });
    const [first, second] = calls('/up');
    expect(first?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(first?.body).toContain('filename="a.txt"');
    expect(first?.body).toContain('hello-file');
    expect(second?.body).toContain('filename="b.png"');
    expect(second?.body).toMatch(/name="md5"\r\n\r\nabc/);
    expect(second?.body).toMatch(/name="chunk"\r\n\r\n2/);
  });
});

describe('method rules', () => {
  it("throws 'Request method not supported' for a method outside the list", async () => {
    await expect(http.request({ method: 'patch', url: '/x' })).rejects.toThrow(
      new Error('Request method not supported'),
    );
    expect(received).toHaveLength(0);
  });

  it("rejects an object payload on a non-upload method with 501 'file type error'", async () => {
    for (const data of [new FormData(), new Blob(['x']), new ArrayBuffer(4), new Uint8Array(2)]) {
      const error = await rejection(http.request({ method: 'post', url: '/x', data }));
      expect(error.status).toBe(501);
      expect(error.message).toBe('file type error');
      expect(error.kind).toBe('file-type');
    }
    const error = await rejection(http.post('/x', new FormData()));
    expect(error.status).toBe(501);
    expect(received).toHaveLength(0);
  });

  it('rejects put and delete with a warning and sends nothing', async () => {
    for (const call of [
      () => http.put('/x', { a: 1 }),
      () => http.delete('/x'),
      () => http.request({ method: 'PUT', url: '/x' }),
      () => http.request({ method: 'delete', url: '/x' }),
    ]) {
      const error = await rejection(call());
      expect(error.kind).toBe('method-forbidden');
    }
    expect(notify).toHaveBeenCalledTimes(4);
    expect(notify).toHaveBeenCalledWith(
      'warning',
      'PUT and DELETE requests are not allowed',
      'Warning',
    );
    expect(received).toHaveLength(0);
  });

  it('request() routes get (data as query), post and upload', async () => {
    routes.set('GET /r', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    routes.set('POST /r', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    await http.request({ method: 'GET', url: '/r', data: { a: '1' }, cache: true });
    await http.request({ method: 'post', url: '/r', data: { b: '2' } });
    await http.request({ method: 'upload', url: '/r', data: { c: new Blob(['z']) } });
    const [get, post, upload] = calls('/r');
    expect(get?.query.get('a')).toBe('1');
    expect(get?.query.has('_t')).toBe(false);
    expect(new URLSearchParams(post?.body).get('b')).toBe('2');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data/);
  });
});

describe('the §8 catalogue', () => {
  it('shows an error toast with the status and status text for HTTP errors', async () => {
    routes.set('GET /boom', (_req, res) => {
      reply(res, 500, { oops: true });
    });
    const error = await rejection(http.get('/boom'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(500);
    expect(notify).toHaveBeenCalledWith('error', '500 Internal Server Error', 'Error');
  });

  it('joins bilingual field errors with commas in a warning, in the current language', async () => {
    const fieldErrors = [
      { field: 'a', message: bilingual('账号不能为空', 'Account is required') },
      { field: 'b', message: bilingual('密码太短', 'Password too short') },
    ];
    routes.set('POST /fe', (_req, res) => {
      reply(res, 200, envelope(400, { fieldErrors, message: 'x' }));
    });
    const error = await rejection(http.post('/fe'));
    expect(error.kind).toBe('business');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Account is required,Password too short');
    expect(notify).toHaveBeenLastCalledWith(
      'warning',
      'Account is required,Password too short',
      'Warning',
    );
    language = 'zh-CN';
    await rejection(http.post('/fe'));
    expect(notify).toHaveBeenLastCalledWith('warning', '账号不能为空,密码太短', '警告');
  });

  it('shows the bilingual body message as a warning when there are no field errors', async () => {
    routes.set('GET /msg', (_req, res) => {
      reply(
        res,
        200,
        envelope(403, { message: bilingual('无权限', 'No permission'), code: 'denied' }),
      );
    });
    const error = await rejection(http.get('/msg'));
    expect(error.code).toBe('denied');
    expect(error.envelope?.status).toBe(403);
    expect(notify).toHaveBeenLastCalledWith('warning', 'No permission', 'Warning');
    language = 'zh-HK';
    await rejection(http.get('/msg'));
    expect(notify).toHaveBeenLastCalledWith('warning', '无权限', '警告');
  });

  it("falls back to 'Server internal error!' / '服务器内部错误' when neither is present", async () => {
    routes.set('GET /empty', (_req, res) => {
      reply(res, 200, { status: 500 });
    });
    await rejection(http.get('/empty'));
    expect(notify).toHaveBeenLastCalledWith('warning', 'Server internal error!', 'Warning');
    language = 'zh-CN';
    const error = await rejection(http.get('/empty'));
    expect(error.message).toBe('服务器内部错误');
    expect(notify).toHaveBeenLastCalledWith('warning', '服务器内部错误', '警告');
  });

  it('shows the status with the message for a failed upload', async () => {
    routes.set('POST /up', (_req, res) => {
      reply(res, 200, envelope(413, { message: bilingual('太大', 'Too big') }));
    });
    await rejection(http.upload('/up', { a: 'b' }));
    expect(notify).toHaveBeenLastCalledWith('warning', '413 Too big', 'Warning');
  });

  it('with noIntercept shows nothing and resolves the envelope of any status', async () => {
    routes.set('POST /quiet', (_req, res) => {
      reply(res, 200, envelope(400, { code: 'invalid_grant' }));
    });
    routes.set('POST /quiet-http', (_req, res) => {
      reply(res, 400, envelope(400, { code: 'bind' }));
    });
    const answer = await http.post('/quiet', {}, { noIntercept: true });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('invalid_grant');
    const httpAnswer = await http.post('/quiet-http', {}, { noIntercept: true });
    expect(httpAnswer.code).toBe('bind');
    expect(notify).not.toHaveBeenCalled();
  });

  it('treats a 200 answer that is not an envelope as a server error', async () => {
    routes.set('GET /html', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy login page</html>');
    });
    const error = await rejection(http.get('/html'));
    expect(error.kind).toBe('business');
    expect(error.message).toBe('Server internal error!');
    expect(notify).toHaveBeenCalledWith('warning', 'Server internal error!', 'Warning');
    await rejection(http.get('/html', undefined, { noIntercept: true }));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('resolves a success envelope with every field filled', async () => {
    routes.set('GET /ok', (_req, res) => {
      reply(res, 200, { status: 200, data: { a: 1 } });
    });
    const answer = await http.get<{ a: number }>('/ok');
    expect(answer).toEqual({ status: 200, message: '', data: { a: 1 }, code: '', fieldErrors: [] });
  });
});

describe('client errors', () => {
  it("reports a server that is down as 'Network error'", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await rejection(http.get(`http://127.0.0.1:${port}/x`));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Network error');
    expect(notify).toHaveBeenCalledWith('error', 'Network error', 'Error');
    language = 'zh-CN';
    await rejection(http.get(`http://127.0.0.1:${port}/x`));
    expect(notify).toHaveBeenLastCalledWith('error', '网络错误', '错误');
    await rejection(http.get(`http://127.0.0.1:${port}/x`, undefined, { noIntercept: true }));
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it("reports 'timeout of {n}ms exceeded'", async () => {
    routes.set('GET /slow', () => undefined);
    const error = await rejection(http.get('/slow', undefined, { timeout: 50 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('timeout of 50ms exceeded');
    expect(notify).toHaveBeenCalledWith('error', 'timeout of 50ms exceeded', 'Error');
  });

  it('rejects an aborted request without a toast when the caller aborted it', async () => {
    routes.set('GET /slow', () => undefined);
    const controller = new AbortController();
    const pending = http.get('/slow', undefined, { signal: controller.signal });
    setTimeout(() => {
      controller.abort();
    }, 20);
    const error = await rejection(pending);
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('Request aborted');
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('401: refresh once, replay once, else re-login', () => {
  /** A route that answers 401 until the session is refreshed, held until `expected` arrive. */
  function protectedRoute(state: { refreshed: boolean }, expected: number): Route {
    const waiting: ServerResponse[] = [];
    return (req, res) => {
      if (state.refreshed) {
        reply(res, 200, envelope(200, { data: req.query.get('n') }));
        return;
      }
      waiting.push(res);
      if (waiting.length === expected) for (const held of waiting.splice(0)) reply(held, 401, {});
    };
  }

  it('three concurrent 401s share ONE refresh, then each request is replayed once', async () => {
    const state = { refreshed: false };
    routes.set('GET /data', protectedRoute(state, 3));
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      state.refreshed = true;
      reply(res, 200, envelope(200, { code: 'ok' }));
    });
    const answers = await Promise.all(['1', '2', '3'].map((n) => http.get<string>('/data', { n })));
    expect(answers.map((answer) => answer.data)).toEqual(['1', '2', '3']);
    expect(calls(API.refresh)).toHaveLength(1);
    expect(calls('/data')).toHaveLength(6);
    for (const n of ['1', '2', '3']) {
      expect(calls('/data').filter((entry) => entry.query.get('n') === n)).toHaveLength(2);
    }
    expect(relogin).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a failed refresh asks for re-login once and rejects every waiting request', async () => {
    const state = { refreshed: false };
    routes.set('GET /data', protectedRoute(state, 3));
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      reply(res, 200, envelope(401, { code: 'expired' }));
    });
    const errors = await Promise.all(
      ['1', '2', '3'].map((n) => rejection(http.get('/data', { n }))),
    );
    expect(errors.map((error) => error.kind)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized',
    ]);
    expect(calls(API.refresh)).toHaveLength(1);
    expect(calls('/data')).toHaveLength(3);
    expect(relogin).toHaveBeenCalledTimes(1);
    expect(relogin).toHaveBeenCalledWith(RELOGIN_REASON_EXPIRED);
    expect(RELOGIN_REASON_EXPIRED).toBe('登录失效，尝试重新登录');
  });

  it('a refresh answering 200 without code ok counts as a failure', async () => {
    routes.set('GET /data', (_req, res) => {
      reply(res, 401, {});
    });
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      reply(res, 200, envelope(200, { code: 'nope' }));
    });
    expect((await rejection(http.get('/data'))).kind).toBe('unauthorized');
    expect(calls('/data')).toHaveLength(1);
    expect(relogin).toHaveBeenCalledTimes(1);
  });

  it('a replayed request that gets 401 again is not refreshed again', async () => {
    routes.set('GET /data', (_req, res) => {
      reply(res, 401, {});
    });
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      reply(res, 200, envelope(200, { code: 'ok' }));
    });
    const error = await rejection(http.get('/data'));
    expect(error.kind).toBe('unauthorized');
    expect(calls(API.refresh)).toHaveLength(1);
    expect(calls('/data')).toHaveLength(2);
    expect(relogin).toHaveBeenCalledWith(RELOGIN_REASON_EXPIRED);
  });

  it('skipAuthRefresh never refreshes; silentAuthFailure refreshes but asks for nothing', async () => {
    routes.set('POST /login', (_req, res) => {
      reply(res, 401, envelope(401));
    });
    routes.set('GET /me', (_req, res) => {
      reply(res, 401, {});
    });
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      reply(res, 500, {});
    });
    const answer = await http.post('/login', {}, { noIntercept: true, skipAuthRefresh: true });
    expect(answer.status).toBe(401);
    expect(calls(API.refresh)).toHaveLength(0);
    const error = await rejection(http.get('/me', undefined, { silentAuthFailure: true }));
    expect(error.kind).toBe('unauthorized');
    expect(calls(API.refresh)).toHaveLength(1);
    expect(relogin).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('a 401 arriving after the shared refresh succeeded replays without another refresh', async () => {
    let refreshed = false;
    let releaseSlow: (() => void) | undefined;
    routes.set('GET /fast', (_req, res) => {
      reply(res, refreshed ? 200 : 401, envelope(200));
    });
    routes.set('GET /slow', (_req, res) => {
      if (refreshed && releaseSlow === undefined) {
        reply(res, 200, envelope(200, { data: 'slow' }));
        return;
      }
      // Sent with the old token; its 401 arrives only after the refresh is over.
      releaseSlow = () => {
        reply(res, 401, {});
      };
    });
    routes.set(`GET ${API.refresh}`, (_req, res) => {
      refreshed = true;
      reply(res, 200, envelope(200, { code: 'ok' }));
    });
    const slow = http.get('/slow');
    await vi.waitFor(() => {
      expect(calls('/slow')).toHaveLength(1);
    });
    await http.get('/fast');
    const release = releaseSlow;
    releaseSlow = undefined;
    release?.();
    expect((await slow).data).toBe('slow');
    expect(calls(API.refresh)).toHaveLength(1);
  });
});

describe('signed calls', () => {
  function signedRoute(sign: (nonce: string) => Promise<string | undefined>): Route {
    return async (req, res) => {
      const header = await sign(req.query.get('signature') ?? '');
      reply(
        res,
        200,
        envelope(200, { data: { userId: 'u1' } }),
        header === undefined ? {} : { signature: header },
      );
    };
  }

  it('sends a fresh nonce and accepts an answer signed for it', async () => {
    routes.set(
      'GET /me',
      signedRoute((nonce) => signPayload('u1', nonce)),
    );
    const answer = await http.get('/me', undefined, { signed: true });
    expect(answer.data).toEqual({ userId: 'u1' });
    const [first] = calls('/me');
    expect(first?.query.get('signature')).toMatch(/^[0-9a-f]{32}$/);
    await http.get('/me', undefined, { signed: true });
    expect(calls('/me')[1]?.query.get('signature')).not.toBe(first?.query.get('signature'));
    expect(relogin).not.toHaveBeenCalled();
  });

  it.each([
    ['signed for another nonce', () => signPayload('u1', 'another-nonce')],
    ['missing', () => Promise.resolve(undefined)],
    ['with one part only', () => Promise.resolve('u1')],
  ])('forces re-login when the signature is %s', async (_name, sign) => {
    routes.set('GET /me', signedRoute(sign));
    const error = await rejection(http.get('/me', undefined, { signed: true, noIntercept: true }));
    expect(error.kind).toBe('signature');
    expect(relogin).toHaveBeenCalledWith(RELOGIN_REASON_SIGNATURE);
  });

  it('does not verify unsigned calls', async () => {
    routes.set('GET /plain', (_req, res) => {
      reply(res, 200, envelope(200));
    });
    await http.get('/plain');
    expect(calls('/plain')[0]?.query.has('signature')).toBe(false);
  });
});

describe('getRaw', () => {
  it('returns a plain JSON body, and rejects other statuses quietly with noIntercept', async () => {
    routes.set('GET /file.json', (_req, res) => {
      reply(res, 200, { a: { b: 'c' } });
    });
    expect(await http.getRaw('/file.json', { cache: true })).toEqual({ a: { b: 'c' } });
    const error = await rejection(http.getRaw('/missing.json', { noIntercept: true }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
    expect(notify).not.toHaveBeenCalled();
    await rejection(http.getRaw('/missing.json'));
    expect(notify).toHaveBeenCalledWith('error', '404 Not Found', 'Error');
  });
});

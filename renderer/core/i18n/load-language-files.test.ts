// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpInstance, resetHttpForTests } from '../http/client';
import { configureHttp } from '../http/hooks';
import coreEn from '../locales/en.json';
import { changeLanguage } from './change-language';
import { i18n } from './instance';
import {
  configureLanguageFiles,
  languageFileUrls,
  loadLanguageFiles,
  type LanguageFileContext,
} from './load-language-files';

const files = new Map<string, unknown>();
const requests: URL[] = [];
let server: ReturnType<typeof createServer>;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    requests.push(url);
    const body = files.get(url.pathname);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(body === undefined ? '{"status":404}' : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const notify = vi.fn();
const context: LanguageFileContext = {
  phVersion: '1.2.3',
  root: 'pages',
  code: 'base',
  appCode: 'desk',
};
const SHARED = '/common/plugins/common-ph/1.2.3/lang/en-ph.json';
const MODULE = '/pages/base/lang/en-desk.json';

beforeEach(() => {
  resetHttpForTests();
  httpInstance.defaults.baseURL = base;
  configureHttp({ notify });
  notify.mockClear();
  files.clear();
  requests.length = 0;
  // Back to the core's own English texts only.
  i18n.removeResourceBundle('en', 'translation');
  i18n.addResourceBundle('en', 'translation', coreEn);
  configureLanguageFiles(null);
});

describe('languageFileUrls', () => {
  it('builds the shared and the module file paths of spec §7', () => {
    expect(languageFileUrls('en', context)).toEqual([SHARED, MODULE]);
    expect(languageFileUrls('zh-HK', { ...context, skipShared: true })).toEqual([
      '/pages/base/lang/zh-HK-desk.json',
    ]);
    expect(languageFileUrls('en', { ...context, code: '' })).toEqual([SHARED]);
  });
});

describe('loadLanguageFiles', () => {
  it('fetches both files with caching on and no toast, and deep-merges them, module last', async () => {
    files.set(SHARED, { shared: { a: 'A', b: 'B' } });
    files.set(MODULE, { shared: { b: 'B from module' }, module: { c: 'C' } });
    const result = await loadLanguageFiles({ ...context, lang: 'en' });
    expect(result).toEqual({ loaded: [SHARED, MODULE], failed: [] });
    expect(requests.map((url) => url.pathname).sort()).toEqual([MODULE, SHARED].sort());
    for (const url of requests) expect(url.searchParams.has('_t')).toBe(false);
    expect(i18n.t('shared.a', { lng: 'en' })).toBe('A');
    expect(i18n.t('shared.b', { lng: 'en' })).toBe('B from module');
    expect(i18n.t('module.c', { lng: 'en' })).toBe('C');
  });

  it('makes no request for zh-CN', async () => {
    const result = await loadLanguageFiles({ ...context, lang: 'zh-CN' });
    expect(result).toEqual({ loaded: [], failed: [] });
    expect(requests).toHaveLength(0);
  });

  it('uses a supplied dictionary without a request', async () => {
    await loadLanguageFiles({ ...context, lang: 'en', dictionary: { given: { x: 'X' } } });
    expect(requests).toHaveLength(0);
    expect(i18n.t('given.x', { lng: 'en' })).toBe('X');
  });

  it('skips the shared file when asked', async () => {
    files.set(MODULE, { module: { c: 'C' } });
    await loadLanguageFiles({ ...context, lang: 'en', skipShared: true });
    expect(requests.map((url) => url.pathname)).toEqual([MODULE]);
  });

  it('finishes when a request fails, keeping what loaded, silently', async () => {
    files.set(MODULE, { module: { c: 'C' } });
    files.set(SHARED, ['not', 'a', 'dictionary']);
    const result = await loadLanguageFiles({ ...context, lang: 'en' });
    expect(result).toEqual({ loaded: [MODULE], failed: [SHARED] });
    expect(i18n.t('module.c', { lng: 'en' })).toBe('C');
    const missing = await loadLanguageFiles({ ...context, lang: 'zh-HK' });
    expect(missing.failed).toHaveLength(2);
    expect(notify).not.toHaveBeenCalled();
  });

  it('finishes when the server is down, and the core texts still work', async () => {
    httpInstance.defaults.baseURL = 'http://127.0.0.1:9';
    const result = await loadLanguageFiles({ ...context, lang: 'en' });
    expect(result.failed).toEqual([SHARED, MODULE]);
    expect(notify).not.toHaveBeenCalled();
    i18n.addResourceBundle('en', 'translation', {
      core: { http: { networkError: 'Network error' } },
    });
    expect(i18n.t('core.http.networkError', { lng: 'en' })).toBe('Network error');
  });

  it('can fetch through a caller-supplied function', async () => {
    const fetchJson = vi.fn((url: string) => Promise.resolve({ from: { url } }));
    await loadLanguageFiles({ ...context, lang: 'en', fetchJson });
    expect(fetchJson).toHaveBeenCalledTimes(2);
    expect(i18n.t('from.url', { lng: 'en' })).toBe(MODULE);
  });
});

describe('changeLanguage', () => {
  it('loads the configured files of the new language and switches without a reload', async () => {
    files.set(MODULE, { module: { c: 'C' } });
    configureLanguageFiles(context);
    await changeLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('module.c')).toBe('C');
    expect(requests.map((url) => url.pathname).sort()).toEqual([MODULE, SHARED].sort());
    await changeLanguage('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(requests).toHaveLength(2);
  });
});

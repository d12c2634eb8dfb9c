import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { JsonObject } from '../../contract/deep-merge';
import { httpInstance, resetHttpForTests } from '../../renderer/core/http/client';
import { configureHttp } from '../../renderer/core/http/hooks';
import { initI18n } from '../../renderer/core/i18n/init-i18n';
import { queryCache } from '../../renderer/core/query/query-cache';
import { builtinZhCN } from '../../renderer/pages/builtin-locale';
import { createRouteServer, type RouteServer } from './route-server';

/**
 * The set-up of a feature's component tests: a real local HTTP server for the feature's calls
 * (the request client pointed at it through Node's adapter), and i18n with the built-in zh-CN
 * plus the feature's English texts. Call it at the top level of the test file.
 */
export function featureTestSetup(en: JsonObject): RouteServer {
  const server = createRouteServer();
  let base = '';
  beforeAll(async () => {
    base = await server.start();
    await initI18n({ lang: 'zh-CN', builtin: builtinZhCN, bundled: { en } });
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    resetHttpForTests();
    httpInstance.defaults.adapter = 'http';
    httpInstance.defaults.baseURL = base;
    configureHttp({ notify: vi.fn() });
    server.reset();
    // Each test's components ask the server again.
    queryCache.clear();
  });
  return server;
}

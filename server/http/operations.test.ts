import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi, OPENAPI_PATH } from '../../contract/openapi';
import { findOperation, OPERATIONS, type Operation } from '../../contract/operations';
import type { RouteEntry } from './route-catalogue';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * contract/operations.ts against the routes the reference server registers: every call of the
 * table is served, with the table's request schemas, and every API route is a call of the table
 * or one of the few below that the front end does not make. (Every answer the server gives in
 * the server suite is checked against the table too: server/testing/contract-answers.ts.)
 */

/** API routes that are no call of the front end's, and why. */
const NOT_FRONT_END_CALLS: Readonly<Record<string, string>> = {
  'GET /api/version': "an operator's and a load balancer's check (docs/operations.md)",
  'GET /api/openapi.json': 'this description itself, for tools (docs/contract.md)',
  'GET /api/base/speech/ws/v1':
    "the speech gateway: a WebSocket, Alibaba Cloud's in production (docs/voice.md)",
  'POST /api/storage/upload': 'the single upload without the gateway prefix /zuul',
  'POST /api/storage/file_piecewise/upload': 'the chunk upload without the gateway prefix /zuul',
};

function isApiRoute(route: RouteEntry): boolean {
  return /^\/(zuul\/)?api\//.test(route.url) && route.method !== 'HEAD';
}

/** A route's URL in the table's notation: `:unitId` as `{unitId}`. */
function templateOf(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function routesOf(t: TestApp, operation: Operation): RouteEntry[] {
  return t.app.routeCatalogue.filter(
    (route) => findOperation(route.method, templateOf(route.url)) === operation,
  );
}

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the OpenAPI description of the table without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(buildOpenApi());
  });
});

describe('the table of operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names each call once', () => {
    const ids = OPERATIONS.map((operation) => operation.id);
    const calls = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('is served: every call has its route', () => {
    const missing = OPERATIONS.filter((operation) => routesOf(t, operation).length === 0).map(
      (operation) => `${operation.method} ${operation.path}`,
    );
    expect(missing).toEqual([]);
  });

  it('holds every API route of the server', () => {
    const outside = t.app.routeCatalogue
      .filter(isApiRoute)
      .map((route) => `${route.method} ${route.url}`)
      .filter((call) => !(call in NOT_FRONT_END_CALLS))
      // A proxy to an application's own back end (a wildcard) is no call of the table.
      .filter((call) => !call.includes('*'))
      .filter((call) => {
        const [method = '', url = ''] = call.split(' ');
        return findOperation(method, templateOf(url)) === undefined;
      });
    expect(outside).toEqual([]);
  });

  it("validates each request with the table's schemas", () => {
    const differing: string[] = [];
    for (const operation of OPERATIONS) {
      for (const route of routesOf(t, operation)) {
        const schema = route.schema ?? {};
        const expected = {
          body: operation.body?.encodings.includes('multipart')
            ? undefined
            : operation.body?.schema,
          querystring: operation.query,
          params: operation.params,
        };
        for (const [part, wanted] of Object.entries(expected)) {
          const actual = (schema as Record<string, unknown>)[part];
          if (actual !== wanted) differing.push(`${operation.id} ${part}`);
        }
      }
    }
    // The versions call's path is a pattern of many routes, each without parameters.
    expect(differing.filter((entry) => !entry.startsWith('serverVersion '))).toEqual([]);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP_API } from '../../contract/api-paths';
import { OPERATIONS } from '../../contract/operations';
import { runConformance } from '../../scripts/conformance/runner';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../testing/test-app';

/**
 * The conformance runner (scripts/conformance/, docs/contract.md) against the reference server,
 * as CI runs it (strict, writes allowed), and against a back end that changes the shape of one
 * answer: a proxy in front of the reference server.
 */

const RUN_TIMEOUT_MS = 120_000;

function listeningBase(server: http.Server): string {
  return `http://localhost:${String((server.address() as AddressInfo).port)}`;
}

/** A proxy to `target` that answers `path` with `change` applied to the JSON it got. */
function brokenProxy(
  target: string,
  path: string,
  change: (body: Record<string, unknown>) => void,
) {
  const upstream = new URL(target);
  return http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        const broken = request.url?.split('?')[0] === path;
        if (!broken) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<
            string,
            unknown
          >;
          change(body);
          const text = JSON.stringify(body);
          response.writeHead(answer.statusCode ?? 502, {
            ...answer.headers,
            'content-length': String(Buffer.byteLength(text)),
          });
          response.end(text);
        });
      },
    );
    request.pipe(forwarded);
  });
}

describe('the conformance runner', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = listeningBase(t.app.server);
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'passes the reference server: strict, writes allowed',
    async () => {
      const rows = await runConformance({
        base,
        user: 'teacher01',
        password: DEMO_PASSWORD,
        allowWrites: true,
        strict: true,
      });
      expect(rows.filter((row) => row.result === 'fail')).toEqual([]);
      // Every call was reached: called, or skipped for a stated reason.
      const reached = new Set(rows.map((row) => row.call));
      const unreached = OPERATIONS.filter((operation) => !reached.has(operation.id));
      expect(unreached.map((operation) => operation.id)).toEqual([]);
      expect(rows.filter((row) => row.result === 'pass').length).toBeGreaterThan(OPERATIONS.length);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'fails a back end that changes the shape of one answer, on that call only',
    async () => {
      const proxy = brokenProxy(base, DESKTOP_API.unhandleCount, (body) => {
        body.data = { todo: 'many', message: 0 };
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      try {
        const rows = await runConformance({
          base: listeningBase(proxy),
          user: 'teacher01',
          password: DEMO_PASSWORD,
          allowWrites: false,
          strict: false,
        });
        const failed = rows.filter((row) => row.result === 'fail');
        expect(failed).toEqual([
          {
            call: 'unhandleCount',
            check: 'call',
            result: 'fail',
            detail: expect.stringContaining('data.todo') as string,
          },
        ]);
      } finally {
        await new Promise((resolve) => proxy.close(resolve));
      }
    },
    RUN_TIMEOUT_MS,
  );
});

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server for the request client's tests: each test sets the routes it
 * needs and reads back what the client really sent (method, path, query, headers, body).
 */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Route = (request: Received, response: ServerResponse) => void | Promise<void>;

export function reply(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The platform's success envelope around `data` (spec §3). */
export function okEnvelope(data: unknown) {
  return { status: 200, message: '', data, code: 'ok', fieldErrors: [] };
}

/** A route that answers HTTP 200 with `data` in the success envelope. */
export function answerOk(data: unknown): Route {
  return (_request, response) => {
    reply(response, 200, okEnvelope(data));
  };
}

export interface RouteServer {
  /** `METHOD /path` → handler; unknown routes answer 404. */
  routes: Map<string, Route>;
  received: Received[];
  /** Listens on a free loopback port; resolves to the base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
  /** Forgets routes and received calls (between tests). */
  reset(): void;
}

export function createRouteServer(): RouteServer {
  const routes = new Map<string, Route>();
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const entry: Received = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      const route = routes.get(`${entry.method} ${entry.path}`);
      if (route) void route(entry, res);
      else reply(res, 404, { error: 'no route' });
    });
  });
  return {
    routes,
    received,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
    reset() {
      routes.clear();
      received.length = 0;
    },
  };
}

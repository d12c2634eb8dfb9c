import autocannon from 'autocannon';
import Fastify from 'fastify';
import { ACCESS_TOKEN_COOKIE } from '../../contract/http-headers';

export interface Throughput {
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Throughput> {
  const result = await autocannon({
    url,
    headers,
    connections: 20,
    duration: seconds,
    pipelining: 1,
  });
  return {
    requestsPerSecond: result.requests.average,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A bare Fastify route answering a JSON body of the same size as the current-user answer. */
export async function bareRoute(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', (_request, reply) =>
    reply.header('content-type', 'application/json').send(body),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${String(address.port)}/bare`, close: () => app.close() };
}

/** Logs in and returns the session cookie header for the load test. */
export async function sessionCookie(
  baseUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/uaa/oauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const cookies = response.headers.getSetCookie();
  const access = cookies.find((cookie) => cookie.startsWith(`${ACCESS_TOKEN_COOKIE}=`));
  if (access === undefined) throw new Error(`login failed: ${String(response.status)}`);
  return access.split(';')[0] ?? '';
}

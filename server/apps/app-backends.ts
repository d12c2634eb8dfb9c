import http from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { bilingual } from '../../contract/envelope';
import { fail } from '../http/envelope';
import { APP_CODE, RESERVED_APP_CODES } from '../../contract/app-manifest';

/**
 * Applications' own back ends behind the platform's site (docs/ph.md "Its own back end"):
 * `EDUDESK_APP_BACKENDS=<code>=http://host:port[,…]` sends `/api/<code>/…` to that service, in
 * development and demo; production does the same with an nginx location. Only the configured codes
 * are proxied, to the configured origin only (the path is the request's, never a URL it names);
 * the cookies go along so the back end can ask the platform who the user is.
 */

/** How long a back end may take to answer before the caller gets an error envelope. */
export const APP_BACKEND_TIMEOUT_MS = 30_000;

/** Headers of one connection, not of the request (RFC 9110 §7.6.1), never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/**
 * `code=http://host:port` pairs, comma-separated, as EDUDESK_APP_BACKENDS gives them. Refused:
 * a bad or reserved code, a code given twice, a target that is not a plain http(s) origin.
 */
export function parseAppBackends(value: string): Map<string, URL> {
  const backends = new Map<string, URL>();
  for (const entry of value.split(',')) {
    if (entry.trim() === '') continue;
    const [code = '', target = ''] = entry.split(/=(.*)/s).map((part) => part.trim());
    if (!APP_CODE.test(code) || RESERVED_APP_CODES.has(code)) {
      throw new Error(`EDUDESK_APP_BACKENDS: "${code}" is not an application code you may proxy`);
    }
    if (backends.has(code)) throw new Error(`EDUDESK_APP_BACKENDS: "${code}" is given twice`);
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw new Error(`EDUDESK_APP_BACKENDS: "${code}" needs a URL such as http://127.0.0.1:4100`);
    }
    if (
      !['http:', 'https:'].includes(url.protocol) ||
      url.username !== '' ||
      url.password !== '' ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search !== ''
    ) {
      throw new Error(
        `EDUDESK_APP_BACKENDS: "${code}" must be an origin such as http://127.0.0.1:4100`,
      );
    }
    if (url.protocol === 'https:') {
      throw new Error(`EDUDESK_APP_BACKENDS: "${code}": the reference server proxies http only`);
    }
    backends.set(code, url);
  }
  return backends;
}

/** The headers to pass on: without hop-by-hop ones and those the Connection header names. */
function passOn(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase()),
  );
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  return out;
}

function sendFailure(reply: FastifyReply, timedOut: boolean, code: string): FastifyReply {
  const status = timedOut ? 504 : 502;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(
      fail(
        status,
        timedOut ? 'app_backend_timeout' : 'app_backend_unavailable',
        timedOut
          ? bilingual(
              `应用“${code}”的服务响应超时，请稍后再试`,
              `The "${code}" service did not answer in time. Try again later.`,
            )
          : bilingual(
              `应用“${code}”的服务暂不可用，请稍后再试`,
              `The "${code}" service is not available. Try again later.`,
            ),
      ),
    );
}

function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
  target: URL,
): Promise<FastifyReply> {
  return new Promise((resolve) => {
    const headers = passOn(request.headers);
    headers.host = target.host;
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = request.host;
    const upstream = http.request({
      hostname: target.hostname,
      port: target.port === '' ? 80 : Number(target.port),
      method: request.method,
      // The request's own path: the target's origin never changes.
      path: request.url,
      headers,
      timeout: APP_BACKEND_TIMEOUT_MS,
    });
    let settled = false;
    const failed = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      upstream.destroy();
      resolve(sendFailure(reply, timedOut, code));
    };
    upstream.on('timeout', () => {
      failed(true);
    });
    upstream.on('error', () => {
      failed(false);
    });
    upstream.on('response', (answer) => {
      if (settled) return;
      settled = true;
      reply.code(answer.statusCode ?? 502);
      for (const [name, value] of Object.entries(passOn(answer.headers))) {
        if (value !== undefined) reply.header(name, value);
      }
      resolve(reply.send(answer));
    });
    request.raw.pipe(upstream);
  });
}

/**
 * The proxy routes, one set per configured code. Bodies are not parsed here: they stream to the
 * back end as they came (the back end checks them), so the platform never holds them whole.
 */
export const appBackendRoutes: FastifyPluginAsync<{
  backends: ReadonlyMap<string, URL>;
}> = (app, { backends }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(null, undefined);
  });
  for (const [code, target] of backends) {
    const handler = (request: FastifyRequest, reply: FastifyReply) =>
      forward(request, reply, code, target);
    app.all(`/api/${code}/*`, handler);
  }
  return Promise.resolve();
};

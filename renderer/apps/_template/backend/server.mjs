/**
 * The application's own back end (docs/ph.md "Its own back end"): plain node:http, no framework.
 * The platform's site sends it `/api/<code>/…` (EDUDESK_APP_BACKENDS in development and demo, an
 * nginx location in production) with the visitor's cookies; it asks the platform who the user is
 * by forwarding the session cookie to /api/uaa/oauth/me, and answers in the platform's envelope.
 *
 *   PORT=4100 PLATFORM_URL=http://127.0.0.1:8080 node renderer/apps/<code>/backend/server.mjs
 */
import http from 'node:http';
import { createItems, envelope } from './items.mjs';

const APP_CODE = '__APP_CODE__';
const PORT = Number(process.env.PORT ?? 4100);
const HOST = process.env.HOST ?? '127.0.0.1';
/** The platform, as this service reaches it (not as browsers do). */
const PLATFORM_URL = process.env.PLATFORM_URL ?? 'http://127.0.0.1:8080';
const MAX_BODY = 64 * 1024;

const items = createItems([
  {
    id: 1,
    unitId: 1001,
    title: '示例：第一项',
    owner: 'EduDesk',
    due: '2026-09-01',
  },
]);

function send(response, httpStatus, body) {
  response.writeHead(httpStatus, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

/**
 * Who is signed in: the platform's answer to the visitor's own session cookie. Only the cookie
 * goes (no other header), so this service never holds more of the visitor's credentials than the
 * page has; no cookie or a refused one is nobody.
 */
async function currentUser(request) {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const answer = await fetch(new URL('/api/uaa/oauth/me', PLATFORM_URL), {
    headers: { cookie, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!answer.ok) return null;
  const body = await answer.json();
  return body?.status === 200 && body.data ? body.data : null;
}

async function readJson(request) {
  let size = 0;
  const chunks = [];
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const base = `/api/${APP_CODE}`;
  if (!url.pathname.startsWith(`${base}/`))
    return send(response, 404, envelope(404, null, '未找到|||Not found'));
  const user = await currentUser(request);
  if (!user)
    return send(response, 401, envelope(401, null, '请先登录|||Sign in first', 'unauthorized'));
  const unitId = Number(user.unitId);
  if (request.method === 'GET' && url.pathname === `${base}/items`) {
    return send(
      response,
      200,
      envelope(
        200,
        items.page(unitId, url.searchParams.get('start'), url.searchParams.get('size')),
      ),
    );
  }
  if (request.method === 'POST' && url.pathname === `${base}/items/save`) {
    let input;
    try {
      input = await readJson(request);
    } catch {
      return send(response, 400, envelope(400, null, '请求无效|||The request is not valid JSON'));
    }
    const result = items.add(unitId, String(user.realName ?? user.username ?? ''), input);
    if ('error' in result) return send(response, 200, envelope(400, null, result.error, 'invalid'));
    return send(response, 200, envelope(200, result.item));
  }
  return send(response, 404, envelope(404, null, '未找到|||Not found'));
}

const server = http.createServer((request, response) => {
  handle(request, response).catch(() => {
    if (!response.headersSent)
      send(response, 502, envelope(502, null, '平台暂不可用|||The platform is not available'));
    else response.destroy();
  });
});
server.listen(PORT, HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  process.stdout.write(`${APP_CODE} back end on http://${HOST}:${String(port)}\n`);
});

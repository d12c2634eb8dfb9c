import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import { sendHtmlPage } from './html-pages';
import { MESSAGES } from './messages';
import { isApiPath } from './paths';

/**
 * Fastify's router refuses some requests before any route, hook or error handler runs (a URL
 * that does not decode, such as `/api/%`; a path parameter over the length limit) and would
 * answer them with its own `{error, code, message, statusCode}`. Every answer of the platform is
 * an envelope (or, for pages, the small HTML page), so those go through here instead.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
      ? error.statusCode
      : 400;
  request.log.info({ code: error.code, status }, 'client error');
  reply.header('x-content-type-options', 'nosniff');
  if (!isApiPath(request.raw.url ?? '')) {
    void sendHtmlPage(reply, status);
    return;
  }
  void reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(fail(status, 'bad_request', MESSAGES.badRequest));
}

interface ClientErrorAnswer {
  status: number;
  code: string;
  message: string;
}

function clientErrorAnswer(error: NodeJS.ErrnoException): ClientErrorAnswer {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: MESSAGES.requestTimeout };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'headers_too_large', message: MESSAGES.headersTooLarge };
    default:
      return { status: 400, code: 'bad_request', message: MESSAGES.badRequest };
  }
}

/**
 * Node's HTTP parser refuses a request it cannot read (a broken request line or header, headers
 * over the size limit, a request too slow to arrive) before Fastify sees it. The answer is still
 * the platform's envelope, written on the socket as Node's own handler would, then the
 * connection is closed (its state is unknown).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error);
  const body = JSON.stringify(fail(answer.status, answer.code, answer.message));
  if (socket.writable) {
    const reason = http.STATUS_CODES[answer.status] ?? 'Bad Request';
    socket.write(
      `HTTP/1.1 ${String(answer.status)} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n` +
        'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { fail } from '../http/envelope';
import { sendHtmlPage } from '../http/html-pages';
import { MESSAGES } from '../http/messages';
import { isApiPath } from '../http/paths';

/**
 * How many Host header fields the request carries. Node's parser keeps only the first one in
 * `request.headers.host` (and `request.hostname`), so the fields are counted in the raw headers
 * (name, value, name, value, …), whatever their case.
 */
export function hostFieldCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() === 'host') count += 1;
  }
  return count;
}

/**
 * RFC 9112 §3.2: a request with more than one Host header field is refused with 400. The host
 * decides the unit a request is addressed to (server/tenancy/host-unit.ts), so two of them would
 * let the first decide while a proxy in front may have read the other. An onRequest hook (before
 * the body is read): the API answers the envelope, pages the small HTML page, and the connection
 * is closed.
 */
export function refuseRepeatedHost(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const count = hostFieldCount(request.raw.rawHeaders);
  if (count <= 1) {
    done();
    return;
  }
  request.log.info({ hostFields: count }, 'request with more than one Host header refused');
  reply.header('connection', 'close');
  if (!isApiPath(request.url)) {
    void sendHtmlPage(reply, 400);
    return;
  }
  void reply
    .code(400)
    .header('cache-control', 'no-store')
    .send(fail(400, 'bad_request', MESSAGES.badRequest));
}

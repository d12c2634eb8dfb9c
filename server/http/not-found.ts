import type { FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';
import { sendHtmlPage } from './html-pages';
import { MESSAGES } from './messages';
import { isApiPath } from './paths';

/** Unknown API calls get a 404 envelope; unknown pages a small HTML page. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isApiPath(request.url)) {
    return reply.code(404).send(fail(404, 'not_found', MESSAGES.notFound));
  }
  return sendHtmlPage(reply, 404);
}

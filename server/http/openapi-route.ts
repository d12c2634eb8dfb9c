import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buildOpenApi, OPENAPI_PATH } from '../../contract/openapi';

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of every call the front end makes
 * (contract/openapi.ts; docs/contract.md), without a session. Plain JSON, not the envelope: it is
 * read by tools. Built once, at start-up.
 */
export const openApiRoute: FastifyPluginAsyncTypebox = (app) => {
  const text = JSON.stringify(buildOpenApi());
  app.get(OPENAPI_PATH, (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(text),
  );
  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { LoginConfigQuerySchema, UnitConfigQuerySchema } from '../../contract/auth';
import { fail, ok } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { ServicesPluginOptions } from '../services';

/** The login page's unit configuration (spec §7): public, no session needed. */
export const configRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const { units } = services;

  app.get(
    API.loginConfig,
    { schema: { querystring: LoginConfigQuerySchema } },
    async (request, reply) => {
      const url = request.query.url?.trim();
      const unit = await units.resolveHost(
        url !== undefined && url !== '' ? url : request.hostname,
      );
      if (!unit) return reply.send(fail(404, 'not_found', MESSAGES.hostWithoutUnit));
      return reply.send(ok(await units.loginConfig(unit)));
    },
  );

  app.get(
    API.unitLoginConfig,
    { schema: { querystring: UnitConfigQuerySchema } },
    async (request, reply) => {
      const unit = await units.findById(Number(request.query.unitId));
      if (!unit) return reply.send(fail(404, 'not_found', MESSAGES.unitNotFound));
      return reply.send(ok(await units.loginConfig(unit)));
    },
  );

  return Promise.resolve();
};

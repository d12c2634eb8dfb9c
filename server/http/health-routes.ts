import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ServicesPluginOptions } from '../services';

/** The paths a load balancer probes (docs/server.md, "Health"). */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/**
 * Health for a load balancer: `/healthz` answers while the process serves requests; `/readyz`
 * answers 200 only while the database answers too, else 503, so a balancer sends users to
 * another node. Plain JSON, never cached, no session.
 */
export const healthRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  app.get(HEALTH_PATHS.live, (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live' }),
  );
  app.get(HEALTH_PATHS.ready, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await services.sql.get('SELECT 1');
    } catch (error) {
      request.log.warn({ err: error }, 'database not answering');
      return reply.code(503).send({ status: 'unavailable' });
    }
    return reply.send({ status: 'ready' });
  });
  return Promise.resolve();
};

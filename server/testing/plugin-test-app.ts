import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../app';
import { DEFAULT_OPTIONS, type ServerOptions } from '../config';
import { openSeededDatabase } from '../db/seed';
import { registerBodyParsers } from '../http/body-parsers';
import { errorHandler } from '../http/error-handler';
import { createServices, type Services } from '../services';
import { loginRoutes } from '../uaa/login-routes';
import { createClock, TEST_PASSWORD_COST } from './test-app';
import { createTestDatabase } from './test-database';

export interface PluginTestApp {
  app: FastifyInstance;
  services: Services;
  close: () => Promise<void>;
}

/**
 * An app put together as server/app.ts does (seeded database, services, error handler, body
 * parsers, the login route), with only the route plugin under test registered by `register`,
 * so a test can hand that plugin a stand-in (an exporter or analyser that is busy or fails).
 */
export async function createPluginTestApp(
  register: (app: FastifyInstance, services: Services) => PromiseLike<unknown>,
): Promise<PluginTestApp> {
  const location = await createTestDatabase('edudesk-plugin-test-');
  const { dataDir } = location;
  const clock = createClock();
  const options: ServerOptions = {
    ...DEFAULT_OPTIONS,
    dataDir,
    webRoot: dataDir,
    logger: false,
    passwordCost: TEST_PASSWORD_COST,
    now: clock.now,
    ...(location.databaseUrl === undefined ? {} : { databaseUrl: location.databaseUrl }),
  };
  const sql = await openSeededDatabase(options);
  const services = createServices(sql, options);
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onClose', async () => {
    await sql.close();
  });
  app.decorateRequest('auth', null);
  app.setErrorHandler(errorHandler);
  await registerBodyParsers(app);
  await app.register(loginRoutes, { services });
  await register(app, services);
  return {
    app,
    services,
    close: async () => {
      await app.close();
      await location.remove();
    },
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { ServicesPluginOptions } from '../services';
import { appRoutes } from './app-routes';
import { createDesktopServices } from './desktop-services';
import { licenceRoutes } from './licence-routes';
import { messageRoutes } from './message-routes';
import { resourceRoutes } from './resource-routes';
import { roleSwitchRoutes } from './role-switch-routes';
import { studentRoutes } from './student-routes';
import { themeRoutes } from './theme-routes';
import { unitRoutes } from './unit-routes';

/** The base service's desktop calls (spec §7 "Desktop, messages and unit data", "Students"). */
export const baseRoutes: FastifyPluginAsync<ServicesPluginOptions> = async (app, { services }) => {
  const desktop = createDesktopServices(services);
  const options = { services, desktop };
  await app.register(appRoutes, options);
  await app.register(messageRoutes, options);
  await app.register(licenceRoutes, options);
  await app.register(resourceRoutes, options);
  await app.register(themeRoutes, options);
  await app.register(unitRoutes, options);
  await app.register(studentRoutes, options);
  await app.register(roleSwitchRoutes, options);
};

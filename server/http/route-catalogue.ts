import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One registered route: what a caller can reach, and the schema it is validated with. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered (tests walk it: the fuzz suite, route listings). */
    routeCatalogue: readonly RouteEntry[];
  }
}

/** Records every route registered after this call; must come before the route plugins. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
}

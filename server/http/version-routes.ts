import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PRODUCT_VERSION } from '../apps/version-data';
import { SCHEMA_VERSION } from '../db/migrate';
import { ok } from './envelope';

/** Where a node says which version it runs (docs/operations.md, "Upgrades"). */
export const VERSION_PATH = '/api/version';

/** What `GET /api/version` answers in its envelope's data. */
export interface VersionInfo {
  /** The product's version (package.json). */
  version: string;
  /** The newest database schema this node knows; it has migrated its database to it. */
  schema: number;
}

/**
 * A node's product and schema version, in the platform's envelope, without a session: an
 * operator or a load balancer checks each node during a rolling upgrade. It tells no more than a
 * release's public notes would (no host, no configuration).
 */
export const versionRoutes: FastifyPluginAsyncTypebox = (app) => {
  const info: VersionInfo = { version: PRODUCT_VERSION, schema: SCHEMA_VERSION };
  app.get(VERSION_PATH, (_request, reply) => reply.send(ok(info)));
  return Promise.resolve();
};

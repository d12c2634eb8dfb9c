import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import { MenuResourceNodeSchema, ResourceTreeQuerySchema } from '../../contract/desktop';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import { answerSchema } from './answer-schema';
import { isStaff } from './caller';
import type { DesktopPluginOptions } from './desktop-services';

/**
 * The permission menu tree (spec §7 resource/user/code/tree): the caller's granted nodes of an
 * application. Only user types 2 and 4 have one (spec §6); others get an empty list.
 */
export const resourceRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { resources } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  app.get(
    DESKTOP_API.resourceTree,
    {
      schema: {
        querystring: ResourceTreeQuerySchema,
        response: answerSchema(Type.Array(MenuResourceNodeSchema)),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const tree = isStaff(user.userType)
        ? await resources.treeFor(request.query.code, user.id)
        : [];
      return ok(tree);
    },
  );

  return Promise.resolve();
};

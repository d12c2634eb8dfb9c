import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import {
  AppOrderBodySchema,
  AppUnreadCountSchema,
  MenuCategorySchema,
  ModuleNameSchema,
  MyAppIconQuerySchema,
  UserAccessDetailBodySchema,
} from '../../contract/desktop';
import { DESKTOP_APP_TYPE } from '../../contract/desktop-codes';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES, invalidField, refuse } from './base-messages';
import { isOwnUnit, isOwnUser } from './caller';
import type { DesktopPluginOptions } from './desktop-services';

/**
 * The desktop's applications (spec §7): the icons, their saved order (a reference-server
 * extension), unread counts, the unit's modules and the record of opened applications.
 */
export const appRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { apps, accessDetails } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  app.get(
    DESKTOP_API.myAppIcon,
    {
      schema: {
        querystring: MyAppIconQuerySchema,
        response: answerSchema(Type.Array(MenuCategorySchema)),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { userId, unitId, appType } = request.query;
      if (!isOwnUser(auth, userId)) return refuse(BASE_MESSAGES.notOwnData);
      if (!isOwnUnit(auth, unitId)) return refuse(BASE_MESSAGES.otherUnit);
      const categories = await apps.categoriesFor(
        auth.user.id,
        auth.user.userType,
        auth.unit.id,
        appType ?? DESKTOP_APP_TYPE,
      );
      return ok(categories);
    },
  );

  app.post(
    DESKTOP_API.appIconOrder,
    { schema: { body: AppOrderBodySchema, response: answerSchema(Type.Boolean()) } },
    async (request, reply) => {
      const auth = authOf(request);
      const known = await apps.codesOf(auth.unit.id);
      const unknown = request.body.codes.filter((code) => !known.has(code));
      if (unknown.length > 0) {
        return invalidField(reply, 'codes', BASE_MESSAGES.unknownApps);
      }
      await apps.saveOrder(auth.user.id, request.body.codes);
      return ok(true);
    },
  );

  app.get(
    DESKTOP_API.unreadCodeCount,
    { schema: { response: answerSchema(Type.Array(AppUnreadCountSchema)) } },
    async (request) => ok(await apps.unreadCounts(authOf(request).user.id)),
  );

  app.get(
    DESKTOP_API.insideModules,
    { schema: { response: answerSchema(Type.Array(ModuleNameSchema)) } },
    async (request) => ok(await apps.modulesOf(authOf(request).unit.id)),
  );

  app.post(
    DESKTOP_API.userAccessDetail,
    { schema: { body: UserAccessDetailBodySchema, response: answerSchema(Type.Boolean()) } },
    async (request) => {
      const auth = authOf(request);
      const body = request.body;
      if (!isOwnUser(auth, body.userId)) return refuse(BASE_MESSAGES.notOwnData);
      if (!isOwnUnit(auth, body.unitId)) return refuse(BASE_MESSAGES.otherUnit);
      // The stored user type is the session's: a client cannot record itself as another type.
      await accessDetails.record(
        {
          userId: auth.user.id,
          userType: auth.user.userType,
          unitId: auth.unit.id,
          resId: body.resId,
          resName: body.resName,
          type: body.type,
        },
        services.now(),
      );
      return ok(true);
    },
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import {
  BooleanAnswerSchema,
  HaveInstituteSchema,
  HelpKeySchema,
  IsVocationalSchoolSchema,
  UnitIdQuerySchema,
} from '../../contract/desktop';
import { RoleCheckParamsSchema } from '../../contract/route-schemas';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES, refuse } from './base-messages';
import { isOwnUnit, isOwnUser } from './caller';
import type { DesktopPluginOptions } from './desktop-services';

/**
 * The caller's unit flags (spec §7 unit/*) and the admin check (role/user/{id}/XX_SYS_/base,
 * spec §6). Each answers about the caller's own unit or account only.
 */
export const unitRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { settings } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  app.get(
    DESKTOP_API.isVocationalSchool,
    { schema: { response: answerSchema(IsVocationalSchoolSchema) } },
    async (request) => ok((await settings.unitFlags(authOf(request).unit.id)).isVocational),
  );

  app.get(
    DESKTOP_API.haveInstitute,
    { schema: { querystring: UnitIdQuerySchema, response: answerSchema(HaveInstituteSchema) } },
    async (request) => {
      const auth = authOf(request);
      if (!isOwnUnit(auth, request.query.unitId)) return refuse(BASE_MESSAGES.otherUnit);
      return ok((await settings.unitFlags(auth.unit.id)).haveInstitute);
    },
  );

  app.get(
    DESKTOP_API.helpKey,
    { schema: { response: answerSchema(HelpKeySchema) } },
    async (request) => ok((await settings.unitFlags(authOf(request).unit.id)).helpKey),
  );

  app.get(
    '/api/base/role/user/:userId/:roleCode/:project',
    { schema: { params: RoleCheckParamsSchema, response: answerSchema(BooleanAnswerSchema) } },
    async (request) => {
      const auth = authOf(request);
      const { userId, roleCode, project } = request.params;
      if (!isOwnUser(auth, userId)) return refuse(BASE_MESSAGES.notOwnData);
      return ok(await services.users.hasRole(auth.user.id, roleCode, project));
    },
  );

  return Promise.resolve();
};

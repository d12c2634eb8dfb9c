import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import {
  LicenseUnitQuerySchema,
  ModuleExpiryItemSchema,
  UnitIdQuerySchema,
} from '../../contract/desktop';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES, refuse } from './base-messages';
import { isOwnUnit } from './caller';
import type { DesktopPluginOptions } from './desktop-services';
import { languageOf } from './request-language';

/** Module licences (spec §7 license/unit_oam, license/unit), of the caller's own unit only. */
export const licenceRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { licences } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  // The module-expiry table: every licence with its status now, expired first.
  app.get(
    DESKTOP_API.licenseUnitOam,
    {
      schema: {
        querystring: UnitIdQuerySchema,
        response: answerSchema(Type.Array(ModuleExpiryItemSchema)),
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!isOwnUnit(auth, request.query.unitId)) return refuse(BASE_MESSAGES.otherUnit);
      return ok(await licences.list(auth.unit.id, services.now(), languageOf(request)));
    },
  );

  // false (the blocking dialog) when the module has no licence or its licence has expired.
  app.get(
    DESKTOP_API.licenseUnit,
    { schema: { querystring: LicenseUnitQuerySchema, response: answerSchema(Type.Boolean()) } },
    async (request) => {
      const auth = authOf(request);
      if (!isOwnUnit(auth, request.query.unitId)) return refuse(BASE_MESSAGES.otherUnit);
      return ok(await licences.isLicensed(auth.unit.id, request.query.serverId, services.now()));
    },
  );

  return Promise.resolve();
};

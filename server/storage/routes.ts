import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  FilingBadgeParamsSchema as FilingParamsSchema,
  UnitLogoParamsSchema as UnitParamsSchema,
  UserAvatarParamsSchema as UserParamsSchema,
} from '../../contract/route-schemas';
import { authOf, requireAuth } from '../auth/authenticate';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import { IMAGE_CSP } from '../http/security-headers';
import type { ServicesPluginOptions } from '../services';
import type { Unit } from '../tenancy/units';
import { avatarSvg, bureauLogoSvg, policeFilingBadgeSvg, schoolLogoSvg } from './images';
import { STORAGE_SHOW_PREFIX } from './paths';

const AREA_UNIT_TYPE = 1;

// A Map, not an object: a name such as `constructor` must find nothing, not Object's own keys.
const FILING_BADGES: ReadonlyMap<string, () => string> = new Map([
  ['police', policeFilingBadgeSvg],
]);

function sendSvg(reply: FastifyReply, svg: string, cacheControl: string): FastifyReply {
  return reply
    .headers({
      'content-type': 'image/svg+xml',
      'content-security-policy': IMAGE_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': cacheControl,
    })
    .send(svg);
}

function unitLogo(unit: Unit): string {
  return unit.unitType === AREA_UNIT_TYPE ? bureauLogoSvg(unit.name) : schoolLogoSvg(unit.name);
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send(fail(404, 'not_found', MESSAGES.imageNotFound));
}

/** The images of the storage service's `show` calls (spec §7 GET /api/storage/show/unit/{id}). */
export const storageRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const { units, users } = services;
  const PUBLIC_HOUR = 'public, max-age=3600';

  app.get(
    `${STORAGE_SHOW_PREFIX}/unit/:unitId`,
    { schema: { params: UnitParamsSchema } },
    async (request, reply) => {
      const unit = await units.findById(Number(request.params.unitId));
      if (!unit) return notFound(reply);
      return sendSvg(reply, unitLogo(unit), PUBLIC_HOUR);
    },
  );

  app.get(
    `${STORAGE_SHOW_PREFIX}/filing/:name`,
    { schema: { params: FilingParamsSchema } },
    (request, reply) => {
      const draw = FILING_BADGES.get(request.params.name);
      if (!draw) return notFound(reply);
      return sendSvg(reply, draw(), PUBLIC_HOUR);
    },
  );

  // A user's picture is personal data: signed-in callers of the same unit only, never shared
  // caches.
  app.get(
    `${STORAGE_SHOW_PREFIX}/user/:userId`,
    { schema: { params: UserParamsSchema }, preHandler: requireAuth(services) },
    async (request, reply) => {
      const caller = authOf(request);
      const user = await users.findById(Number(request.params.userId));
      if (user?.unitId !== caller.user.unitId || user.avatar === '') return notFound(reply);
      return sendSvg(reply, avatarSvg(user.realName, user.id), 'private, max-age=3600');
    },
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import {
  ParentTeacherQuerySchema,
  RoleSwitchEntrySchema,
  type RoleSwitchEntry,
} from '../../contract/desktop';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import type { Services } from '../services';
import type { IdentityLink } from '../uaa/switch-login-links';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES, refuse } from './base-messages';
import type { DesktopPluginOptions } from './desktop-services';

/** Both identities of each link, once each, the teacher first (spec §3 role-switch entry). */
async function entriesOf(
  services: Services,
  links: readonly IdentityLink[],
  currentId: number,
): Promise<RoleSwitchEntry[]> {
  const names = new Map<number, string>();
  const nameOf = async (id: number) => {
    let name = names.get(id);
    if (name === undefined) {
      name = (await services.users.findById(id))?.realName ?? '';
      names.set(id, name);
    }
    return name;
  };
  const entries = new Map<string, RoleSwitchEntry>();
  for (const link of links) {
    const pair = {
      parentId: String(link.parentId),
      parentName: await nameOf(link.parentId),
      teacherId: String(link.teacherId),
      teacherName: await nameOf(link.teacherId),
    };
    for (const id of [link.teacherId, link.parentId]) {
      const key = String(id);
      if (entries.has(key)) continue;
      entries.set(key, { id: key, current: id === currentId, name: await nameOf(id), ...pair });
    }
  }
  return [...entries.values()];
}

/**
 * The role switcher's entries (spec §7 select/already/parent/teacher): the identities linked
 * to the caller, who must be the parentId or teacherId asked about. Switching itself is
 * GET /api/uaa/switch/login (server/uaa/switch-login-routes.ts).
 */
export const roleSwitchRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  app.get(
    DESKTOP_API.parentTeacherLinks,
    {
      schema: {
        querystring: ParentTeacherQuerySchema,
        response: answerSchema(Type.Array(RoleSwitchEntrySchema)),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const asked = [request.query.parentId, request.query.teacherId].filter(
        (id): id is string => id !== undefined && id !== '',
      );
      // Nothing asked means the caller; anyone else's links are not the caller's to see.
      if (asked.some((id) => id !== String(user.id))) {
        return refuse(BASE_MESSAGES.notOwnData);
      }
      return ok(await entriesOf(services, await desktop.links.linksOf(user.id), user.id));
    },
  );

  return Promise.resolve();
};

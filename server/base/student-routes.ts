import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import { ACTIVE_CHILD_STATUS, ChildSchema } from '../../contract/auth';
import { ParentIdQuerySchema, SetParentChildBodySchema } from '../../contract/desktop';
import { type AuthContext, authOf, requireAuth } from '../auth/authenticate';
import { fail, ok } from '../http/envelope';
import { isParent } from '../uaa/current-user';
import type { User } from '../uaa/users';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES, refuse } from './base-messages';
import { isOwnUser, isStaff } from './caller';
import { pickCurrentChild } from './current-child';
import type { DesktopPluginOptions } from './desktop-services';

/**
 * Students of a parent (spec §7 students). A parent reads and chooses among their own children
 * only; teachers and staff (types 2, 4) may read the children of any parent of their unit.
 */
export const studentRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { users } = services;
  const { currentChild } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  /** The parent whose children the caller may read, or the refusal message. */
  async function readableParent(auth: AuthContext, parentId: string): Promise<User | string> {
    if (isOwnUser(auth, parentId)) return auth.user;
    if (!isStaff(auth.user.userType)) return BASE_MESSAGES.studentsForbidden;
    const parent = await users.findById(Number(parentId));
    // Another unit's parent and an unknown id answer alike: ids reveal nothing.
    if (parent?.unitId !== auth.unit.id) return BASE_MESSAGES.otherUnit;
    return parent;
  }

  // Every child, whatever its status (the picker shows the active ones).
  app.get(
    DESKTOP_API.allStudentsByParent,
    {
      schema: {
        querystring: ParentIdQuerySchema,
        response: answerSchema(Type.Array(ChildSchema)),
      },
    },
    async (request) => {
      const parent = await readableParent(authOf(request), request.query.parentId);
      if (typeof parent === 'string') return refuse(parent);
      return ok(isParent(parent) ? await users.children(parent.id) : []);
    },
  );

  // The parent's current child: the chosen one while active, else the first active one.
  app.get(
    DESKTOP_API.studentByParent,
    { schema: { querystring: ParentIdQuerySchema, response: answerSchema(ChildSchema) } },
    async (request) => {
      const parent = await readableParent(authOf(request), request.query.parentId);
      if (typeof parent === 'string') return refuse(parent);
      if (!isParent(parent)) return ok(null);
      const children = await users.children(parent.id);
      return ok(pickCurrentChild(children, await currentChild.childIdOf(parent.id)));
    },
  );

  app.post(
    DESKTOP_API.setParentChild,
    {
      schema: {
        querystring: ParentIdQuerySchema,
        body: SetParentChildBodySchema,
        response: answerSchema(ChildSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (!isOwnUser(auth, request.query.parentId) || !isParent(auth.user)) {
        return refuse(BASE_MESSAGES.notYourChild);
      }
      const child = (await users.children(auth.user.id)).find(
        (item) => item.id === request.body.id,
      );
      if (!child) return refuse(BASE_MESSAGES.notYourChild);
      if (child.status !== ACTIVE_CHILD_STATUS) {
        return fail(400, 'child_inactive', BASE_MESSAGES.childInactive);
      }
      await currentChild.choose(auth.user.id, Number(child.id));
      return ok(child);
    },
  );

  return Promise.resolve();
};

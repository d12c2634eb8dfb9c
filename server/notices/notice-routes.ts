import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { MenuResourceNode } from '../../contract/desktop';
import { NoticeSavedSchema } from '../../contract/answer-schemas';
import { bilingual } from '../../contract/envelope';
import {
  NOTICE_API,
  NOTICE_CODES,
  NoticeDeleteSchema,
  NoticeListQuerySchema,
  NoticePageSchema,
  NoticeSaveSchema,
  NoticeStatsSchema,
} from '../../contract/notices';
import { authOf, requireAuth } from '../auth/authenticate';
import { answerSchema } from '../base/answer-schema';
import { refuse } from '../base/base-messages';
import { isStaff } from '../base/caller';
import { ResourceTreeRepository } from '../base/resource-tree';
import { fail, ok } from '../http/envelope';
import type { ServicesPluginOptions } from '../services';
import { NoticesRepository } from './notices-repository';

export const NOTICE_MESSAGES = {
  noPublish: bilingual('您没有发布或编辑通知的权限', 'You may not publish or edit notices'),
  noDelete: bilingual('您没有删除通知的权限', 'You may not delete notices'),
  notFound: bilingual('通知不存在', 'Notice not found'),
} as const;

const APP_CODE = 'tzgg';

function codesOf(nodes: readonly MenuResourceNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    into.add(node.code);
    codesOf(node.children, into);
  }
  return into;
}

/**
 * The notice application's calls. The unit is always the caller's (bound to the host
 * at sign-in), never one on the wire; publishing, editing and deleting need the permission
 * codes tzgg_publish and tzgg_delete of the caller's menu tree, checked here too, not only by
 * the page hiding its buttons.
 */
export const noticeRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const notices = new NoticesRepository(services.sql);
  const trees = new ResourceTreeRepository(services.sql);
  const holds = async (userId: number, userType: number, code: string) =>
    isStaff(userType) && codesOf(await trees.treeFor(APP_CODE, userId)).has(code);

  app.addHook('onRequest', requireAuth(services));

  app.get(
    NOTICE_API.list,
    { schema: { querystring: NoticeListQuerySchema, response: answerSchema(NoticePageSchema) } },
    async (request) => {
      const { unit } = authOf(request);
      const query = request.query;
      return ok(
        await notices.list(unit.id, {
          start: query.start ?? 1,
          size: query.size ?? 30,
          title: query.title ?? '',
          category: query.category ?? '',
        }),
      );
    },
  );

  app.get(
    NOTICE_API.stats,
    { schema: { response: answerSchema(NoticeStatsSchema) } },
    async (request) => ok(await notices.stats(authOf(request).unit.id)),
  );

  app.post(
    NOTICE_API.save,
    {
      schema: {
        body: NoticeSaveSchema,
        response: answerSchema(NoticeSavedSchema),
      },
    },
    async (request) => {
      const { user, unit } = authOf(request);
      if (!(await holds(user.id, user.userType, NOTICE_CODES.publish)))
        return refuse(NOTICE_MESSAGES.noPublish);
      const body = request.body;
      if (body.id === undefined) {
        return ok({ id: await notices.create(unit.id, user.id, body, Date.now()) });
      }
      if (!(await notices.change(unit.id, body.id, body)))
        return fail(404, 'not_found', NOTICE_MESSAGES.notFound);
      return ok({ id: body.id });
    },
  );

  app.post(
    NOTICE_API.remove,
    { schema: { body: NoticeDeleteSchema, response: answerSchema(Type.Boolean()) } },
    async (request) => {
      const { user, unit } = authOf(request);
      if (!(await holds(user.id, user.userType, NOTICE_CODES.remove)))
        return refuse(NOTICE_MESSAGES.noDelete);
      if (!(await notices.delete(unit.id, request.body.id))) {
        return fail(404, 'not_found', NOTICE_MESSAGES.notFound);
      }
      return ok(true);
    },
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import {
  DesktopMessageSchema,
  MessageReadBodySchema,
  PopupListSchema,
  PopupQuerySchema,
  UnreadCountsSchema,
} from '../../contract/desktop';
import { authOf, requireAuth } from '../auth/authenticate';
import { fail, ok } from '../http/envelope';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES } from './base-messages';
import type { DesktopPluginOptions } from './desktop-services';
import type { ExpiryExpander } from './messages-repository';
import { languageOf } from './request-language';

/**
 * The desktop's messages and to-do items (spec §7): counts, the unread list, marking read, the
 * paged to-do popup and the message configuration. Each call sees only the caller's items.
 */
export const messageRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { messages, licences, settings } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  app.get(
    DESKTOP_API.unhandleCount,
    { schema: { response: answerSchema(UnreadCountsSchema) } },
    async (request) => ok(await messages.counts(authOf(request).user.id)),
  );

  app.get(
    DESKTOP_API.messagesNotRead,
    { schema: { response: answerSchema(Type.Array(DesktopMessageSchema)) } },
    async (request) => {
      const auth = authOf(request);
      const lang = languageOf(request);
      const expand: ExpiryExpander = (codes) =>
        licences.listOf(auth.unit.id, codes, services.now(), lang);
      return ok(await messages.unread(auth.user.id, 'message', expand));
    },
  );

  // Ignore all (the messages dialog): the caller's messages; to-do items stay.
  app.post(
    DESKTOP_API.messagesReadAll,
    { schema: { response: answerSchema(Type.Boolean()) } },
    async (request) => {
      await messages.markAllRead(authOf(request).user.id, 'message', services.now());
      return ok(true);
    },
  );

  // One message or to-do item (the to-do panel's view and ignore use it too).
  app.post(
    DESKTOP_API.messageReadById,
    { schema: { body: MessageReadBodySchema, response: answerSchema(Type.Boolean()) } },
    async (request) => {
      const id = Number(request.body.desktopMessageId);
      const result = await messages.markRead(authOf(request).user.id, id, services.now());
      if (result === 'missing') {
        return fail(404, 'not_found', BASE_MESSAGES.messageNotFound);
      }
      return ok(true);
    },
  );

  app.get(
    DESKTOP_API.popUpBox,
    { schema: { querystring: PopupQuerySchema, response: answerSchema(PopupListSchema) } },
    async (request) => {
      const auth = authOf(request);
      const lang = languageOf(request);
      const { start, size } = request.query;
      const expand: ExpiryExpander = (codes) =>
        licences.listOf(auth.unit.id, codes, services.now(), lang);
      const { list, total } = await messages.page(auth.user.id, 'todo', start, size, expand);
      return ok({ list, pages: Math.ceil(total / size), total });
    },
  );

  // data is the configuration's JSON (spec §7 "config JSON with pcOpen").
  app.get(
    DESKTOP_API.messageConfig,
    { schema: { response: answerSchema(Type.String()) } },
    async (request) => ok(JSON.stringify(await settings.messageConfig(authOf(request).user.id))),
  );

  return Promise.resolve();
};

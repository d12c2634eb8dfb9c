import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DESKTOP_API } from '../../contract/api-paths';
import { ThemeColorSchema, ThemePayloadSchema } from '../../contract/desktop';
import { ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT, THEME_TYPE_UNIT } from '../../contract/desktop-codes';
import { authOf, requireAuth } from '../auth/authenticate';
import { ok } from '../http/envelope';
import { FIELD_MESSAGES } from '../http/messages';
import { answerSchema } from './answer-schema';
import { BASE_MESSAGES, invalidField, refuse } from './base-messages';
import type { DesktopPluginOptions } from './desktop-services';
import { parseThemeSetting } from './theme-setting';

/** The answer of a saved theme (spec §7 settheme: data is 'success'). */
const SUCCESS = 'success';

/**
 * Themes (spec §7 my_desktop/color, desktop/settheme): the caller's own theme, or, for an admin
 * only, the unit's theme for everyone ("Sync theme").
 */
export const themeRoutes: FastifyPluginAsyncTypebox<DesktopPluginOptions> = (
  app,
  { services, desktop },
) => {
  const { settings } = desktop;
  // onRequest: a caller without a session gets 401 before any validation answer.
  app.addHook('onRequest', requireAuth(services));

  app.get(
    DESKTOP_API.myDesktopColor,
    { schema: { response: answerSchema(ThemeColorSchema) } },
    async (request) => {
      const { user, unit } = authOf(request);
      return ok(await settings.themeFor(user.id, unit.id));
    },
  );

  app.post(
    DESKTOP_API.setTheme,
    { schema: { body: ThemePayloadSchema, response: answerSchema(Type.String()) } },
    async (request, reply) => {
      const { user, unit } = authOf(request);
      const setting = parseThemeSetting(request.body.theme);
      if (!setting) {
        return invalidField(reply, 'theme', FIELD_MESSAGES.badFormat('theme'));
      }
      const stored = JSON.stringify(setting);
      if (request.body.type === THEME_TYPE_UNIT) {
        if (!(await services.users.hasRole(user.id, ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT))) {
          return refuse(BASE_MESSAGES.adminOnly);
        }
        await settings.syncUnitTheme(unit.id, stored);
      } else {
        await settings.saveUserTheme(user.id, stored);
      }
      return ok(SUCCESS);
    },
  );

  return Promise.resolve();
};

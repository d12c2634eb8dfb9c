import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HELP_CENTRE_PATH } from '../../contract/api-paths';
import { linkOrigin } from '../http/request-origin';
import { sendSimplePage } from '../http/simple-page';
import type { ServicesPluginOptions } from '../services';

const HelpQuerySchema = Type.Object(
  {
    redUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    accessToken: Type.Optional(Type.String({ maxLength: 512 })),
    unitId: Type.Optional(Type.String({ maxLength: 32 })),
    key: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: true },
);

/** redUrl is followed back only to this origin (no open redirect from the help centre). */
function sameOriginReturn(redUrl: string | undefined, origin: string): string | null {
  if (redUrl === undefined || redUrl === '') return null;
  try {
    const url = new URL(redUrl, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The reference server's help centre (spec §2 opens it with redUrl, accessToken, unitId and the
 * optional key): a static page naming the unit's help key, with a way back to where it came from.
 */
export const helpCentreRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  app.get(HELP_CENTRE_PATH, { schema: { querystring: HelpQuerySchema } }, (request, reply) => {
    const origin = linkOrigin(request, services.linkOrigins);
    const back = sameOriginReturn(request.query.redUrl, origin);
    const unit = services.units.findById(Number(request.query.unitId ?? ''));
    const lines = ['欢迎使用帮助中心。', 'Welcome to the help centre.'];
    if (unit) lines.push(`${unit.name} · ${unit.enName}`);
    if (request.query.key !== undefined && request.query.key !== '') {
      lines.push(`帮助主题 Help topic: ${request.query.key}`);
    }
    return sendSimplePage(reply, 200, {
      title: '帮助中心 Help centre',
      lines,
      links: back ? [{ href: back, text: '返回 Back' }] : [],
    });
  });
  return Promise.resolve();
};

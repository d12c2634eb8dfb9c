import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HELP_CENTRE_PATH } from '../../contract/api-paths';
import { linkOrigin } from '../http/request-origin';
import { SIMPLE_PAGE_CSP } from '../http/simple-page';
import { escapeHtml } from './html-escape';
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

/** The help centre's look: the shell's colours (renderer/styles.css), no script, no request. */
const HELP_STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:15px/1.6 system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif;background:#f4f6fa;color:#1f2d3d}
.help__bar{display:flex;align-items:center;gap:12px;padding:14px 24px;background:#2f5fb3;color:#fff}
.help__mark{display:inline-flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:8px;background:#fff;color:#2f5fb3;font-weight:700}
.help__bar h1{margin:0;font-size:18px;font-weight:600}
.help__main{display:grid;gap:16px;max-width:880px;margin:24px auto;padding:0 24px}
.help__card{background:#fff;border-radius:8px;padding:20px 24px;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.help__card h2{margin:0 0 8px;font-size:16px}
.help__card p{margin:4px 0}
.help__unit{color:#5b6472}
.help__topics{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:12px;margin:0;padding:0;list-style:none}
.help__topics li{padding:12px 16px;border:1px solid #e3e8f0;border-radius:8px}
.help__topics strong{display:block;margin-bottom:2px}
.help__back{display:inline-flex;align-items:center;height:32px;padding:0 14px;border:1px solid #d0d7e2;border-radius:6px;background:#fff;color:#1f2d3d;text-decoration:none}
.help__back:hover,.help__back:focus-visible{border-color:#2f5fb3;color:#2f5fb3;outline:none}
@media (max-width:600px){.help__bar{padding:12px 16px}.help__main{margin:16px auto;padding:0 12px}.help__card{padding:16px}}`;

/** The topics every unit's help centre starts with. */
const HELP_TOPICS: readonly [title: string, text: string][] = [
  [
    '登录 Sign in',
    '账号密码、记住密码、人脸登录。 Account and password, remembered password, face sign-in.',
  ],
  ['我的桌面 My desktop', '打开、查找和排列应用。 Open, find and arrange applications.'],
  ['消息 Messages', '查看未读消息，或全部忽略。 Read unread messages, or ignore them all.'],
  [
    '版本信息 Version info',
    "页脚的“版本信息”列出前后端版本。 The footer's version info lists the front-end and back-end versions.",
  ],
];

/** The help centre's page: every text escaped, the way back already checked (sameOriginReturn). */
export function renderHelpCentre(page: {
  unit: string | null;
  topic: string | null;
  back: string | null;
}): string {
  const topics = HELP_TOPICS.map(
    ([title, text]) => `<li><strong>${escapeHtml(title)}</strong>${escapeHtml(text)}</li>`,
  ).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>帮助中心 Help centre</title><style>${HELP_STYLE}</style></head>
<body><header class="help__bar"><span class="help__mark" aria-hidden="true">E</span><h1>帮助中心 Help centre</h1></header>
<main class="help__main"><section class="help__card"><p>欢迎使用帮助中心。</p><p>Welcome to the help centre.</p>
${page.unit === null ? '' : `<p class="help__unit">${escapeHtml(page.unit)}</p>`}
${page.topic === null ? '' : `<p>${escapeHtml(`帮助主题 Help topic: ${page.topic}`)}</p>`}
${page.back === null ? '' : `<p><a class="help__back" href="${escapeHtml(page.back)}">返回 Back</a></p>`}</section>
<section class="help__card" aria-labelledby="help-topics"><h2 id="help-topics">常见问题 Common questions</h2><ul class="help__topics">${topics}</ul></section>
</main></body></html>`;
}

/**
 * The reference server's help centre (spec §2 opens it with redUrl, accessToken, unitId and the
 * optional key): a static page naming the unit and its help key, the common questions, and a
 * way back to where it came from.
 */
export const helpCentreRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  app.get(
    HELP_CENTRE_PATH,
    { schema: { querystring: HelpQuerySchema } },
    async (request, reply) => {
      const origin = await linkOrigin(request, services.linkOrigins);
      // Any text may come as unitId: only an integer is looked up (PostgreSQL refuses NaN as a key).
      const unitId = Number(request.query.unitId ?? '');
      const unit = Number.isSafeInteger(unitId) ? await services.units.findById(unitId) : undefined;
      const key = request.query.key ?? '';
      const html = renderHelpCentre({
        unit: unit ? `${unit.name} · ${unit.enName}` : null,
        topic: key === '' ? null : key,
        back: sameOriginReturn(request.query.redUrl, origin),
      });
      return reply
        .code(200)
        .header('content-security-policy', SIMPLE_PAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );
  return Promise.resolve();
};

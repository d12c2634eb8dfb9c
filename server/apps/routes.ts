import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { packageInfoPath, serverVersionPath, versionFilePath } from '../../contract/api-paths';
import { ServerVersionInfoSchema } from '../../contract/desktop';
import { DESKTOP_APP_TYPE } from '../../contract/desktop-codes';
import { envelopeSchema } from '../../contract/envelope-schema';
import { accessTokenOf, resolveAccessToken, type AuthContext } from '../auth/authenticate';
import { AppsRepository, type StoredApp } from '../base/apps-repository';
import { ok } from '../http/envelope';
import { IMAGE_CSP, setHtmlSecurityHeaders } from '../http/security-headers';
import type { ServicesPluginOptions } from '../services';
import { APP_PAGE_SCRIPT, APP_PAGE_STYLE } from './app-page-assets';
import { APP_PAGE_SCRIPT_PATH, APP_PAGE_STYLE_PATH, renderAppPage } from './app-page-html';
import { letterGlyph, renderBundlePage } from './bundle-page-html';
import {
  NOTICES_CODE,
  NOTICES_SCRIPT_PATH,
  appScriptPath,
  registerApp,
  webBuildApps,
} from './register-app';
import { sendNotFoundPage } from '../web/not-found-page';
import {
  ID_PATHS,
  PAGE_DEVICES,
  appPageUrl,
  changePasswordUrl,
  desktopUrl,
  menuPagePaths,
  rootFor,
} from './app-urls';
import { iconGlyph } from './icon-glyphs';
import {
  THEME_STYLE_FILES,
  THEME_STYLE_VERSIONS,
  THEME_STYLES_PREFIX,
  themeStylesheet,
} from './theme-styles';
import { iconSvg, type IconVariant } from './icon-svg';
import { MODULE_VERSIONS } from './version-data';
import { VIEWPORT_MODULES, viewportFiles } from './viewport-modules';
import { hiddenAppCodes } from '../sso/sso-partners';

const REVALIDATE = 'no-cache';
/** An application page answers each user according to their menu: no shared cache keeps it. */
const PAGE_CACHE = 'private, no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ICON_CACHE = 'public, max-age=86400';
const JSON_TYPE = 'application/json; charset=utf-8';

/** An icon file name: the application code, an optional variant, .svg. */
const ICON_FILE = /^([a-zA-Z0-9]+?)(?:-(gray|cartoon))?\.svg$/;

function sendText(
  reply: FastifyReply,
  body: string,
  contentType: string,
  cacheControl: string,
): FastifyReply {
  return reply.headers({ 'content-type': contentType, 'cache-control': cacheControl }).send(body);
}

/** The unit type of each stored app's unit, for its root folder. */
function rootOf(app: StoredApp, unitTypes: ReadonlyMap<number, number>): string {
  return app.deployPath !== '' ? app.deployPath : rootFor(unitTypes.get(app.unitId) ?? 2);
}

/**
 * The login page, coming back to `url` afterwards (spec §4 step 10). The fragment is the login
 * page's own route: the browser would otherwise carry the application's hash route over to it.
 */
function loginUrl(url: string): string {
  return `/login?redirect_uri=${encodeURIComponent(url)}#/login`;
}

/** The pages of the caller's permitted menu list (spec §2): their desktop's applications. */
async function menuPagesOf(
  apps: AppsRepository,
  { user, unit }: AuthContext,
): Promise<Set<string>> {
  const categories = await apps.categoriesFor(user.id, user.userType, unit.id, DESKTOP_APP_TYPE);
  const menu = categories.flatMap((category) => category.iconVMs);
  return menuPagePaths(menu, { userType: user.userType, unitType: unit.unitType });
}

/**
 * What the platform's other front ends would serve: the application pages of spec §2
 * for every stored application, the icons, two viewport modules with their manifests, and the
 * three version sources. Page routes are exact paths (read from the database at start), so
 * they never shadow the web build's own landing pages. A page is served only to a user whose
 * menu holds it; others get the not-found page, and a visitor without a session signs in first.
 */
export const applicationRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = async (
  app,
  { services },
) => {
  const appsRepository = new AppsRepository(services.sql, hiddenAppCodes(services.options));
  // The applications of the web build (renderer/apps/*/app.json): their own pages and icons; the
  // demo registers them at start (production: `admin add-app`, server/cli/app-commands.ts).
  const bundled = new Map(
    webBuildApps(services.options.webRoot, (line) => {
      app.log.warn(line);
    }).map((manifest) => [manifest.code, manifest]),
  );
  if (services.options.mode !== 'production') {
    for (const manifest of bundled.values()) {
      await services.sql.transaction((tx) => registerApp(tx, manifest, { demo: true }));
    }
  }
  const stored = await appsRepository.allApps();
  const unitTypes = new Map<number, number>();
  for (const storedApp of stored) {
    const unit = await services.units.findById(storedApp.unitId);
    if (unit) unitTypes.set(unit.id, unit.unitType);
  }

  // Icons (spec §3 imgPath, imgGrayPath, imgCartoonPath): drawn SVG, no script, locked down.
  // Static files answer 404 (a page), not a validation envelope, for names that are not icons.
  app.get<{ Params: { file: string } }>('/common/icons/:file', (request, reply) => {
    const match = ICON_FILE.exec(request.params.file);
    const code = match?.[1] ?? '';
    const variant: IconVariant = match?.[2] === 'gray' || match?.[2] === 'cartoon' ? match[2] : '';
    const own = bundled.get(code);
    const glyph = iconGlyph(code) ?? (own && letterGlyph(own.name['zh-CN'], own.icon.color));
    if (!match || !glyph) {
      reply.callNotFound();
      return reply;
    }
    return reply
      .headers({ 'content-security-policy': IMAGE_CSP })
      .type('image/svg+xml')
      .header('cache-control', ICON_CACHE)
      .send(iconSvg(code, glyph, variant));
  });

  // Theme stylesheets of the common plugin CSS path (spec §7, §9).
  for (const version of THEME_STYLE_VERSIONS) {
    for (const file of THEME_STYLE_FILES) {
      const css = themeStylesheet(file) ?? '';
      app.get(`${THEME_STYLES_PREFIX}${version}/${file}`, (_request, reply) =>
        sendText(reply, css, 'text/css; charset=utf-8', REVALIDATE),
      );
    }
  }

  app.get(APP_PAGE_SCRIPT_PATH, (_request, reply) =>
    sendText(reply, APP_PAGE_SCRIPT, 'text/javascript; charset=utf-8', REVALIDATE),
  );
  app.get(APP_PAGE_STYLE_PATH, (_request, reply) =>
    sendText(reply, APP_PAGE_STYLE, 'text/css; charset=utf-8', REVALIDATE),
  );

  // Application pages: /{deployPath or root}/{serverId}/{pc|mobile}_{code}_{idPath}/index.html.
  const pages = new Set<string>();
  for (const storedApp of stored) {
    // An http menu route is another site's page.
    if (storedApp.menuRoute.startsWith('http')) continue;
    const root = rootOf(storedApp, unitTypes);
    const unitType = unitTypes.get(storedApp.unitId) ?? 2;
    for (const device of PAGE_DEVICES) {
      for (const idPath of ID_PATHS) {
        const url = appPageUrl({
          root,
          serverId: storedApp.serverId,
          code: storedApp.code,
          idPath,
          device,
        });
        if (pages.has(url)) continue;
        pages.add(url);
        const page = {
          code: storedApp.code,
          serverId: storedApp.serverId,
          zname: storedApp.zname,
          englishName: storedApp.englishName,
          idPath,
          device,
          desktopUrl: desktopUrl(unitType, device),
        };
        // The applications of the web build (renderer/apps/), the catalogue's Notices among them,
        // are real applications built on PH: their bundle on their own page, never the generated one.
        const script =
          storedApp.code === NOTICES_CODE
            ? NOTICES_SCRIPT_PATH
            : bundled.has(storedApp.code)
              ? appScriptPath(storedApp.code)
              : undefined;
        const html = script === undefined ? renderAppPage(page) : renderBundlePage(page, script);
        app.get(url, async (request, reply) => {
          const auth = await resolveAccessToken(services, request, accessTokenOf(request));
          if (!auth) {
            return reply.header('cache-control', 'no-store').redirect(loginUrl(request.url), 303);
          }
          if (!(await menuPagesOf(appsRepository, auth)).has(url)) {
            return sendNotFoundPage(reply, services.options.webRoot);
          }
          // Its calls would all be refused: the one-time password is changed first, then back.
          if (await services.passwordChange.required(auth.session)) {
            const target = `${changePasswordUrl(auth.unit.unitType)}?redirect_uri=${encodeURIComponent(request.url)}`;
            return reply.header('cache-control', 'no-store').redirect(target, 303);
          }
          setHtmlSecurityHeaders(reply);
          return sendText(reply, html, 'text/html; charset=utf-8', PAGE_CACHE);
        });
      }
    }
  }

  // Viewport modules (spec §7 module scripts).
  for (const module of VIEWPORT_MODULES) {
    const files = viewportFiles(module);
    const manifest = JSON.stringify(files.manifest);
    app.get(files.manifestPath, (_request, reply) =>
      sendText(reply, manifest, JSON_TYPE, REVALIDATE),
    );
    for (const asset of files.assets) {
      app.get(asset.path, (_request, reply) =>
        sendText(reply, asset.body, asset.contentType, IMMUTABLE),
      );
    }
  }

  // Version sources (spec §7 versions), under every root a page may have.
  const roots = new Set(['pages', 'area', ...stored.map((item) => rootOf(item, unitTypes))]);
  for (const [code, versions] of Object.entries(MODULE_VERSIONS)) {
    const packageJson = JSON.stringify(versions.packageInfo);
    const releasesJson = JSON.stringify(versions.releases);
    for (const root of roots) {
      app.get(packageInfoPath(root, code), (_request, reply) =>
        sendText(reply, packageJson, JSON_TYPE, REVALIDATE),
      );
      app.get(versionFilePath(root, code), (_request, reply) =>
        sendText(reply, releasesJson, JSON_TYPE, REVALIDATE),
      );
    }
    const server = versions.server;
    if (server) {
      app.get(
        serverVersionPath(code),
        { schema: { response: { 200: envelopeSchema(ServerVersionInfoSchema) } } },
        () => ok(server),
      );
    }
  }
};

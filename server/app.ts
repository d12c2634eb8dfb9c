import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Sql } from './db/sql';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerOptions } from './config';
import { openSeededDatabase } from './db/seed';
import { applicationRoutes } from './apps/routes';
import { appBackendRoutes } from './apps/app-backends';
import { baseRoutes } from './base/routes';
import { noticeRoutes } from './notices/notice-routes';
import { tableExportRoutes } from './base/table-export-routes';
import { faceRoutes } from './face/face-routes';
import { registerBodyParsers } from './http/body-parsers';
import { refuseCrossSite } from './http/cross-site';
import { errorHandler } from './http/error-handler';
import { refuseUnstorableValues } from './http/unstorable-values';
import { applyConnectionLimits, DEFAULT_CONNECTION_LIMITS } from './http/connection-limits';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors';
import { healthRoutes } from './http/health-routes';
import { versionRoutes } from './http/version-routes';
import { openApiRoute } from './http/openapi-route';
import { loggerOptions } from './http/log-redaction';
import { registerMetrics } from './http/metrics';
import { fastifyTrustProxy, ignoreForwardedHost } from './http/trusted-proxy';
import { recordRoutes } from './http/route-catalogue';
import { notFoundHandler } from './http/not-found';
import { isApiPath } from './http/paths';
import { createServices } from './services';
import { listenForNotices, REVOCATION_CHANNEL } from './db/change-notices';
import { UNREAD_COUNTS_CHANNEL } from './base/unread-counts';
import { refuseRepeatedHost } from './tenancy/host-header';
import { storageRoutes } from './storage/routes';
import { uploadRoutes } from './storage/upload-routes';
import { clientLoginRoutes } from './uaa/client-login-routes';
import { configRoutes } from './uaa/config-routes';
import { loginRoutes } from './uaa/login-routes';
import { passwordRoutes } from './uaa/password-routes';
import { sessionRoutes } from './uaa/session-routes';
import { switchLoginRoutes } from './uaa/switch-login-routes';
import { registerWebRoutes } from './web/static-routes';
import { registerClientUpdateRoutes } from './web/client-update-routes';
import { ssoRoutes } from './sso/sso-routes';
import { helpCentreRoutes } from './apps/help-centre';
import { oauthRoutes } from './oauth/oauth-routes';
import { ticketRoutes } from './uaa/ticket-routes';
import { socialRoutes } from './social/social-routes';
import { createSocialStandinRoutes, STANDIN_DEMO } from './social-standin/index';
import { standinsMounted } from './social/provider-availability';
import { addTransportSecurity } from './http/security-headers';
import { registerSpeech } from './speech/speech-routes';

/** The platform's calls take small bodies; uploads (a later issue) get their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the reference platform server: the database (migrated, seeded on first start), the
 * platform calls and the web build. The caller listens (server/main.ts) or injects (tests);
 * closing the app closes the database.
 */
export async function buildApp(options: ServerOptions): Promise<FastifyInstance> {
  const sql = await openSeededDatabase(options);
  try {
    return await createApp(sql, { ...options, now: options.now ?? Date.now });
  } catch (error) {
    await sql.close();
    throw error;
  }
}

async function createApp(sql: Sql, options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? loggerOptions(options.logStream, {
          forwardedHost: options.trustForwardedHost,
          level: options.logLevel,
        })
      : false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy),
    // Report every broken rule of a form at once, not only the first; refuse unknown keys (every
    // body schema is closed, server/http/body-schemas.test.ts) instead of dropping them silently.
    ajv: { customOptions: { allErrors: true, removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onClose', async () => {
    await sql.close();
  });
  applyConnectionLimits(app, { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits });

  const services = createServices(sql, options);
  // Real providers' QR login pages are framed by the login box (docs/social-login.md).
  const bases = options.socialProviderBases ?? {};
  app.decorate(
    'htmlFrameSources',
    [bases.weixinOpen, bases.wecomLogin].filter((base): base is string => base !== undefined),
  );

  recordRoutes(app);
  registerMetrics(app, services.metrics, options.metricsToken);
  // Before anything reads `request.host`: the Host header chooses the unit unless told otherwise.
  if (!options.trustForwardedHost) app.addHook('onRequest', ignoreForwardedHost);
  app.decorateRequest('auth', null);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', 'nosniff');
    // Answers carry sessions and personal data: no cache keeps them unless a route says so.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
  app.addHook('onRequest', refuseRepeatedHost);
  app.addHook('onRequest', refuseCrossSite);
  app.addHook('preHandler', refuseUnstorableValues);

  await registerBodyParsers(app);
  await app.register(healthRoutes, { services });
  await app.register(versionRoutes);
  await app.register(openApiRoute);
  await app.register(loginRoutes, { services });
  await app.register(sessionRoutes, { services });
  await app.register(passwordRoutes, { services });
  await app.register(configRoutes, { services });
  await app.register(storageRoutes, { services });
  await app.register(uploadRoutes, { services });
  await app.register(tableExportRoutes, { services });
  await app.register(baseRoutes, { services });
  await app.register(switchLoginRoutes, { services });
  await app.register(clientLoginRoutes, { services });
  await app.register(faceRoutes, { services });
  await app.register(applicationRoutes, { services });
  // Applications' own back ends at /api/<code>/ (EDUDESK_APP_BACKENDS).
  await app.register(appBackendRoutes, { backends: options.appBackends ?? new Map() });
  // The notice application built on PH.
  await app.register(noticeRoutes, { services });
  await app.register(ssoRoutes, { services });
  await app.register(helpCentreRoutes, { services });
  await app.register(oauthRoutes, { services });
  await app.register(ticketRoutes, { services });
  await app.register(socialRoutes, { services });
  // Production mode over https: HSTS on every answer (docs/security.md, "Modes").
  addTransportSecurity(app, options);
  // The stand-in providers serve whichever provider host is not configured (docs/social-login.md),
  // in demo mode or with EDUDESK_SOCIAL_STANDINS=on: never by default in production.
  if (standinsMounted(options)) {
    const standins = createSocialStandinRoutes(
      options.socialStandinLongPollMs === undefined
        ? {}
        : { longPollMs: options.socialStandinLongPollMs },
    );
    await app.register(standins, { now: services.now, ...STANDIN_DEMO });
  }
  await registerSpeech(app, services);
  await registerWebRoutes(app, options.webRoot);
  // After the web routes: it streams with their @fastify/static (Range, ETag, HEAD).
  if (options.clientUpdatesDir !== undefined) {
    registerClientUpdateRoutes(app, options.clientUpdatesDir);
  }
  // On PostgreSQL the session cache and the unread counts are trusted only while the node hears
  // the changes other processes announce (server/db/change-notices.ts).
  if (options.databaseUrl !== undefined) {
    const notices = await listenForNotices(options.databaseUrl, {
      [REVOCATION_CHANNEL]: services.access,
      [UNREAD_COUNTS_CHANNEL]: services.unreadCounts,
    });
    app.addHook('onClose', () => notices.close());
  }
  return app;
}

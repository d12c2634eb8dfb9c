import type { FastifyInstance, FastifyReply } from 'fastify';
import { servedOverHttps, type ServerOptions } from '../config';

/**
 * The Content-Security-Policy of every HTML page: same-origin scripts (and the login page's
 * speculation rules, JSON that runs nothing: pages/login/prerender-landing.ts), styles (antd injects
 * inline styles), images (data: and blob: for previews and the face widget), camera streams
 * (blob:) and API calls; framing only by the platform's own pages.
 */
export const HTML_CSP = [
  "default-src 'self'",
  "script-src 'self' 'inline-speculation-rules'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** An image may carry script (SVG): it gets a policy that runs nothing. */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Origins the platform's pages may frame besides their own: the third-party providers' QR
     * login pages when real providers are configured (docs/social-login.md).
     */
    htmlFrameSources?: readonly string[];
  }
}

/** The page policy, with a frame-src for the given origins when there are any. */
export function htmlCsp(frameSources: readonly string[] = []): string {
  return frameSources.length === 0
    ? HTML_CSP
    : `${HTML_CSP}; frame-src 'self' ${frameSources.join(' ')}`;
}

export function setHtmlSecurityHeaders(reply: FastifyReply): FastifyReply {
  return reply.headers({
    'content-security-policy': htmlCsp(reply.server.htmlFrameSources),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
  });
}

/**
 * HSTS (RFC 6797): browsers that saw it reach this host and its subdomains only over https for
 * a year. Sent only in production behind an https EDUDESK_PUBLIC_ORIGIN (servedOverHttps,
 * server/config.ts): a demo on http://localhost must never pin a browser to https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Adds HSTS to every answer of `app` when the server is served over https in production. */
export function addTransportSecurity(
  app: FastifyInstance,
  options: Pick<ServerOptions, 'mode' | 'publicOrigin'>,
): void {
  if (!servedOverHttps(options)) return;
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}

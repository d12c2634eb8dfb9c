import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../contract/http-headers';
import { serializeCookie, type CookieOptions } from '../http/cookies';
import type { SessionTokens } from './sessions';

/** The refresh cookie travels only to the calls that use it (refresh, logout). */
export const REFRESH_COOKIE_PATH = '/api/uaa/oauth';
const ACCESS_COOKIE_PATH = '/';

export interface SessionCookieOptions {
  secure: boolean;
  refreshTokenTtlSeconds: number;
}

/** The platform's own cookies: http-only, sent with top-level navigations of other sites. */
export function httpOnlyCookie(
  path: string,
  maxAgeSeconds: number,
  secure: boolean,
): CookieOptions {
  return { path, maxAgeSeconds, httpOnly: true, secure, sameSite: 'Lax' };
}

/**
 * Both cookies live as long as the refresh token: the server, not the browser's clock, decides
 * when the access token has expired (a 401 then starts the client's refresh-and-retry).
 */
export function setSessionCookies(
  reply: FastifyReply,
  tokens: Pick<SessionTokens, 'accessToken' | 'refreshToken'>,
  options: SessionCookieOptions,
): void {
  const maxAge = options.refreshTokenTtlSeconds;
  void reply.header('set-cookie', [
    serializeCookie(
      ACCESS_TOKEN_COOKIE,
      tokens.accessToken,
      httpOnlyCookie(ACCESS_COOKIE_PATH, maxAge, options.secure),
    ),
    serializeCookie(
      REFRESH_TOKEN_COOKIE,
      tokens.refreshToken,
      httpOnlyCookie(REFRESH_COOKIE_PATH, maxAge, options.secure),
    ),
  ]);
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  void reply.header('set-cookie', [
    serializeCookie(ACCESS_TOKEN_COOKIE, '', httpOnlyCookie(ACCESS_COOKIE_PATH, 0, secure)),
    serializeCookie(REFRESH_TOKEN_COOKIE, '', httpOnlyCookie(REFRESH_COOKIE_PATH, 0, secure)),
  ]);
}

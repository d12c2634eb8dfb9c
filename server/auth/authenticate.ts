import type { FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_CHANGE_REQUIRED } from '../../contract/auth';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../contract/http-headers';
import { readCookie } from '../http/cookies';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { Services } from '../services';
import { servesUnit } from '../tenancy/host-unit';
import type { Unit } from '../tenancy/units';
import type { User } from '../uaa/users';
import type { ActiveSession } from './sessions';

export const ACTIVE_STATUS = 1;

/** Who is calling: set on the request by the guard of a protected route. */
export interface AuthContext {
  accessToken: string;
  session: ActiveSession;
  user: User;
  unit: Unit;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** A user with their unit. */
export interface Account {
  user: User;
  unit: Unit;
}

/**
 * Whether `user` of `unit` may act on this request: both active, and the unit the one of the
 * request's host (the tenancy rule). Every way in (tokens, tickets, codes, refresh, switch)
 * applies this one rule.
 */
export async function isActiveOnHost(
  services: Services,
  request: FastifyRequest,
  user: User | undefined,
  unit: Unit | undefined,
): Promise<boolean> {
  return (
    user?.userStatus === ACTIVE_STATUS &&
    unit?.unitStatus === ACTIVE_STATUS &&
    user.unitId === unit.id &&
    (await servesUnit(services.units, request, unit.id))
  );
}

/** The account of `userId` when it may act on this request (see isActiveOnHost). */
export async function activeAccountOnHost(
  services: Services,
  request: FastifyRequest,
  userId: number | undefined,
): Promise<Account | undefined> {
  const user = userId === undefined ? undefined : await services.users.findById(userId);
  const unit = user && (await services.units.findById(user.unitId));
  return user && unit && (await isActiveOnHost(services, request, user, unit))
    ? { user, unit }
    : undefined;
}

/** The access token of a request: an `Authorization: Bearer` header first, else the cookie. */
export function accessTokenOf(request: FastifyRequest): string | undefined {
  const match = BEARER.exec(request.headers.authorization ?? '');
  const token = match?.[1] ?? readCookie(request.headers.cookie, ACCESS_TOKEN_COOKIE);
  return token === '' ? undefined : token;
}

export function refreshTokenOf(request: FastifyRequest): string | undefined {
  const token = readCookie(request.headers.cookie, REFRESH_TOKEN_COOKIE);
  return token === '' ? undefined : token;
}

/**
 * The session, user and unit of an access token presented in `request`; undefined when any is
 * missing or off, or when the session's unit is not the unit of the request's host (the tenancy
 * rule: such a token is refused like an unknown one).
 */
export async function resolveAccessToken(
  services: Services,
  request: FastifyRequest,
  accessToken: string | undefined,
): Promise<AuthContext | undefined> {
  if (accessToken === undefined) return undefined;
  const record = await services.access.find(accessToken);
  if (!record || !(await isActiveOnHost(services, request, record.user, record.unit))) {
    return undefined;
  }
  return { accessToken, ...record };
}

export function sendUnauthorized(
  reply: FastifyReply,
  code = 'unauthorized',
  message: string = MESSAGES.unauthorized,
): FastifyReply {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="EduDesk"')
    .send(fail(401, code, message));
}

/**
 * The guard of protected routes: a missing, unknown, expired or revoked access token, or one of
 * another unit than the host's, answers HTTP 401, which starts the client's refresh-and-retry
 * (spec §4 session expiry). A user who must change a one-time password is refused with 403
 * PASSWORD_CHANGE_REQUIRED, except on the routes marked `duringPasswordChange` (the current
 * user and the change itself: docs/security.md, "First sign-in password change").
 */
export function requireAuth(
  services: Services,
  { duringPasswordChange = false }: { duringPasswordChange?: boolean } = {},
) {
  return async function guard(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined> {
    const auth = await resolveAccessToken(services, request, accessTokenOf(request));
    // An async hook that answers returns the reply: that ends the hook chain.
    if (!auth) return sendUnauthorized(reply);
    if (!duringPasswordChange && (await services.passwordChange.required(auth.session))) {
      return reply
        .code(403)
        .send(fail(403, PASSWORD_CHANGE_REQUIRED, MESSAGES.passwordChangeRequired));
    }
    request.auth = auth;
    return undefined;
  };
}

/** The caller of a guarded route (a programming error if the guard did not run). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on a route without requireAuth()');
  return request.auth;
}

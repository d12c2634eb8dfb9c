import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginData } from '../../contract/auth';
import { setSessionCookies } from '../auth/session-cookies';
import type { SessionTokens } from '../auth/sessions';
import { ok } from '../http/envelope';
import { logSignedInUser } from '../http/log-redaction';
import type { Services } from '../services';
import type { Unit } from '../tenancy/units';
import type { User } from './users';

/** The login answer's data (spec §3 login response); openid/unionid belong to social login. */
export function toLoginData(user: User, unit: Unit): LoginData {
  return {
    unitType: String(unit.unitType),
    unitId: String(unit.id),
    userType: String(user.userType),
    openid: '',
    unionid: '',
  };
}

export function sessionMeta(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/** Sets the session cookies and answers like a successful login. */
export function answerWithSession(
  services: Services,
  reply: FastifyReply,
  tokens: SessionTokens,
  user: User,
  unit: Unit,
): FastifyReply {
  logSignedInUser(reply.request, user.id);
  setSessionCookies(reply, tokens, {
    secure: services.options.secureCookies,
    refreshTokenTtlSeconds: services.options.refreshTokenTtlSeconds,
  });
  return reply.send(ok(toLoginData(user, unit)));
}

/**
 * Starts a new session for the user and answers like a successful login: a new session family,
 * or a member of `familyId` for a session handed over from one of it (relogin). The browser
 * becomes a known device of the user (its device cookie, server/auth/login-guard.ts).
 */
export async function signIn(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  unit: Unit,
  familyId?: number,
): Promise<FastifyReply> {
  const tokens = await services.sessions.create(user.id, sessionMeta(request), familyId);
  await services.loginGuard.rememberDevice(request, reply, user.id);
  return answerWithSession(services, reply, tokens, user, unit);
}

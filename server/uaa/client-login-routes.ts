import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API } from '../../contract/api-paths';
import { INVALID_GRANT, UserClientLoginBodySchema } from '../../contract/auth';
import { bilingual } from '../../contract/envelope';
import { isActiveOnHost } from '../auth/authenticate';
import { tokenHash } from '../auth/tokens';
import { fail } from '../http/envelope';
import { MESSAGES } from '../http/messages';
import type { ServicesPluginOptions } from '../services';
import { servesUnit } from '../tenancy/host-unit';
import { signIn } from './start-session';

const FIND_CLIENT = 'SELECT user_id FROM user_clients WHERE client_hash = ?';

const UNKNOWN_CLIENT = bilingual(
  '该设备未登记，无法自动登录',
  'This device is not registered for automatic sign-in',
);

/**
 * The device (user-client) login (spec §4 step 2, §7 login_user_client): a desktop
 * installation's client id, set by its administrator, signs in the staff account it is bound
 * to, on a host of that account's unit. The id is a credential: only its hash is stored, and
 * wrong ids count like failed passwords (server/auth/login-guard.ts).
 */
export const clientLoginRoutes: FastifyPluginAsyncTypebox<ServicesPluginOptions> = (
  app,
  { services },
) => {
  const { loginGuard, sql, users, units, metrics } = services;

  app.post(
    API.loginUserClient,
    { schema: { body: UserClientLoginBodySchema } },
    async (request, reply) => {
      const admission = await loginGuard.admit(request, { kind: 'client' });
      if (admission.kind !== 'go') {
        metrics.signIn('client', admission.kind);
        return loginGuard.refuse(reply, admission);
      }
      const row = await sql.get<{ user_id: number }>(FIND_CLIENT, [
        tokenHash(request.body.userClientId),
      ]);
      const user = row ? await users.findById(row.user_id) : undefined;
      // A device of another unit than the host's is refused like an unknown one (the tenancy
      // rule), and counted the same way.
      // The attempt was counted when admitted: a failure stays counted.
      if (!user || !(await servesUnit(units, request, user.unitId))) {
        metrics.signIn('client', 'failure');
        return reply.send(fail(400, INVALID_GRANT, UNKNOWN_CLIENT));
      }
      await loginGuard.succeeded(admission);
      const unit = await units.findById(user.unitId);
      if (!unit || !(await isActiveOnHost(services, request, user, unit))) {
        metrics.signIn('client', 'refused');
        return reply.send(fail(403, 'account_disabled', MESSAGES.accountDisabled));
      }
      metrics.signIn('client', 'success');
      return signIn(services, request, reply, user, unit);
    },
  );

  return Promise.resolve();
};

import type { FastifyRequest } from 'fastify';
import type { UnitRepository } from './units';

/**
 * The id of the unit a request is addressed to: the unit bound to its host (`unit_hosts`), else
 * the default unit (`EDUDESK_DEFAULT_UNIT_ID`), as `UnitRepository.resolveHost` decides.
 */
export function hostUnitId(units: UnitRepository, request: FastifyRequest): Promise<number> {
  return units.unitIdOfHost(request.hostname);
}

/**
 * The tenancy rule, for every sign-in and every session: a user may sign in, and a session may
 * be used, only on a host of the user's own unit. Callers refuse anything else like unknown
 * credentials, so that a host tells nothing about the accounts of other units.
 */
export async function servesUnit(
  units: UnitRepository,
  request: FastifyRequest,
  unitId: number,
): Promise<boolean> {
  return (await hostUnitId(units, request)) === unitId;
}

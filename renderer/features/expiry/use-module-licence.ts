import type { Query } from '../../core/query/query-cache';
import { useQuery } from '../../core/query/use-query';
import { checkModuleLicence } from './api';

export type ModuleLicenceState = 'checking' | 'licensed' | 'expired';

/**
 * Whether the unit is licensed for the module, as the query cache knows it. A failed call
 * counts as licensed: the server enforces licences on its own calls, and a network hiccup must
 * not lock a user out behind a dialog that cannot be closed.
 */
export function moduleLicenceQuery(unitId: string, serverId: string): Query<boolean> {
  return {
    key: ['module-licence', unitId, serverId],
    fetch: () => checkModuleLicence(unitId, serverId).catch(() => true),
  };
}

/**
 * The module licence check (spec §6): asks license/unit whether the unit is licensed for the
 * module (serverId); 'expired' means the page shows ModuleExpiredBlock. Skipped in development
 * ('licensed' at once). While the unit or module is not known yet it stays 'checking'.
 */
export function useModuleLicence(
  serverId: string,
  unitId: string,
  isDev: boolean,
): ModuleLicenceState {
  const skip = isDev || unitId === '' || serverId === '';
  // A background answer: its re-render is a transition (useQuery's default), sliced on a slow PC.
  const licensed = useQuery(moduleLicenceQuery(unitId, serverId), { enabled: !skip }).data;
  if (isDev) return 'licensed';
  if (skip || licensed === undefined) return 'checking';
  return licensed ? 'licensed' : 'expired';
}

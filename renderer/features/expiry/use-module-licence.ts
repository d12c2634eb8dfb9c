import { startTransition, useEffect, useState } from 'react';
import { checkModuleLicence } from './api';

export type ModuleLicenceState = 'checking' | 'licensed' | 'expired';

/**
 * The module licence check (spec §6): asks license/unit whether the unit is licensed for the
 * module (serverId); 'expired' means the page shows ModuleExpiredBlock. Skipped in development
 * ('licensed' at once). While the unit or module is not known yet it stays 'checking'.
 * A failed call counts as licensed: the server enforces licences on its own calls, and a
 * network hiccup must not lock a user out behind a dialog that cannot be closed.
 */
export function useModuleLicence(
  serverId: string,
  unitId: string,
  isDev: boolean,
): ModuleLicenceState {
  const key = `${unitId}\n${serverId}`;
  const [result, setResult] = useState<{ key: string; state: ModuleLicenceState } | null>(null);
  const skip = isDev || unitId === '' || serverId === '';

  useEffect(() => {
    if (skip) return;
    let current = true;
    void checkModuleLicence(unitId, serverId)
      .catch(() => true)
      .then((licensed) => {
        // A background answer: its re-render is a transition, sliced on a slow PC.
        if (current)
          startTransition(() => {
            setResult({ key, state: licensed ? 'licensed' : 'expired' });
          });
      });
    return () => {
      current = false;
    };
  }, [skip, key, unitId, serverId]);

  if (isDev) return 'licensed';
  if (result?.key !== key) return 'checking';
  return result.state;
}

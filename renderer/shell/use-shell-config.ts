import { startTransition, useEffect, useState } from 'react';
import type { UnitLoginConfig } from '../../contract/auth';
import type { HostConfigFlags } from '../../contract/host';
import { afterFirstViewQuery } from '../core/first-view';
import { getHost } from '../core/host';
import { useQuery } from '../core/query/use-query';
import { unitLoginConfigQuery } from '../features/login/index';

/** Deployment flags of the host (Group Policy in the desktop client) that hide buttons (§2). */
export function useHostFlags(): HostConfigFlags | null {
  const [flags, setFlags] = useState<HostConfigFlags | null>(null);
  useEffect(() => {
    let active = true;
    getHost()
      .getConfigFlags()
      .then((loaded) => {
        // A transition: the desktop's re-render for it is sliced (blocking time on a slow PC).
        if (active)
          startTransition(() => {
            setFlags(loaded);
          });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return flags;
}

/**
 * The unit's login configuration, for the footer's links and filing entries: asked once the
 * desktop's first view is on screen (core/first-view.ts).
 */
export function useUnitConfig(): UnitLoginConfig | null {
  return useQuery(afterFirstViewQuery(unitLoginConfigQuery(window.location.host))).data ?? null;
}

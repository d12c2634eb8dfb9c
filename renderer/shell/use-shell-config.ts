import { startTransition, useEffect, useState } from 'react';
import type { UnitLoginConfig } from '../../contract/auth';
import { SUCCESS_STATUS } from '../../contract/envelope';
import type { HostConfigFlags } from '../../contract/host';
import { getHost } from '../core/host';
import { fetchLoginConfig } from '../features/login/index';

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

/** The unit's login configuration, for the footer's links and filing entries. */
export function useUnitConfig(): UnitLoginConfig | null {
  const [config, setConfig] = useState<UnitLoginConfig | null>(null);
  useEffect(() => {
    let active = true;
    fetchLoginConfig(window.location.host)
      .then((answer) => {
        if (active && answer.status === SUCCESS_STATUS)
          startTransition(() => {
            setConfig(answer.data);
          });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return config;
}

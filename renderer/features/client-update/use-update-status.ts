import { useEffect, useState } from 'react';
import type { HostApi, HostUpdateStatus } from '../../../contract/host';

/** The shell asks the host on start and then hourly: a cheap call, the host checks every 4 h. */
export const UPDATE_POLL_MS = 60 * 60 * 1000;

const NONE: HostUpdateStatus = { state: 'none' };

/**
 * The host's client update status (contract/host.ts): 'none' for a host without updates (the
 * web, the native app) and whenever the call fails.
 */
export function useUpdateStatus(host: HostApi): HostUpdateStatus {
  const [status, setStatus] = useState<HostUpdateStatus>(NONE);
  useEffect(() => {
    if (!host.getUpdateStatus) return undefined;
    let live = true;
    const poll = () => {
      host.getUpdateStatus?.().then(
        (next) => {
          if (live) setStatus(next);
        },
        () => undefined,
      );
    };
    poll();
    const timer = window.setInterval(poll, UPDATE_POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [host]);
  return status;
}

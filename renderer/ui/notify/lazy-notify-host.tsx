import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { isToastHostWanted, subscribeToastHostWanted, wantToastHost } from './notify';

// A chunk that cannot be downloaded costs the toasts, never the page (no error reaches the root).
const NotifyHost = lazy(() =>
  import('./notify-host').then(
    (module): { default: ComponentType } => ({ default: module.NotifyHost }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);

/** The first interactions after which a toast may soon follow (a failed sign-in, a save). */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** At the latest this long after the first render, the host loads even on a page never idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * The toast host, its code (antd's notification, about 13 KB gzip) kept out of what the page
 * runs before its first paint: it is fetched once the page is idle after its first render, at
 * the user's first pointer or key press, or when a toast is asked for (queued until it mounts),
 * whichever comes first. A toast raised during start-up (a failed device login, 1 s before the
 * page moves on) therefore does not wait for the download in the usual case.
 */
export function LazyNotifyHost() {
  const wanted = useSyncExternalStore(
    subscribeToastHostWanted,
    isToastHostWanted,
    isToastHostWanted,
  );

  useEffect(() => {
    if (wanted) return undefined;
    const onInteraction = () => {
      wantToastHost();
    };
    for (const type of INTERACTIONS) {
      window.addEventListener(type, onInteraction, { capture: true, passive: true, once: true });
    }
    // requestIdleCallback is missing in some engines (Safari): a timer stands in.
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(onInteraction, { timeout: IDLE_TIMEOUT_MS })
        : null;
    const timer = idle === null ? window.setTimeout(onInteraction, IDLE_TIMEOUT_MS) : null;
    return () => {
      for (const type of INTERACTIONS) {
        window.removeEventListener(type, onInteraction, { capture: true });
      }
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <NotifyHost />
    </Suspense>
  ) : null;
}

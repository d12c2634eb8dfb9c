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

/**
 * The toast host, its code (antd's notification, about 13 KB gzip) kept out of the page's
 * first load: it is fetched when the first toast is asked for (queued until it mounts) or at
 * the user's first pointer or key press, so a toast answering that action shows without the wait.
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
    return () => {
      for (const type of INTERACTIONS) {
        window.removeEventListener(type, onInteraction, { capture: true });
      }
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <NotifyHost />
    </Suspense>
  ) : null;
}

/** Whether the browser is online, and word when that changes (the upload queue pauses). */
export interface OnlineSource {
  isOnline(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

/** The browser's own online/offline state. */
export const browserOnline: OnlineSource = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine,
  subscribe(listener) {
    if (typeof window === 'undefined') return () => undefined;
    const online = () => {
      listener(true);
    };
    const offline = () => {
      listener(false);
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/** Resolves once `source` is online, or at once when `signal` aborts. */
export function waitUntilOnline(source: OnlineSource, signal: AbortSignal): Promise<void> {
  if (source.isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = source.subscribe((online) => {
      if (online) {
        stop();
        resolve();
      }
    });
    signal.addEventListener(
      'abort',
      () => {
        stop();
        resolve();
      },
      { once: true },
    );
  });
}

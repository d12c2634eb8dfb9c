import type { ReactNode } from 'react';

/**
 * Notification toasts (spec §2): top-right, with a title and a close button, of the types
 * success, info, warning and error, plus the title-less tostinfo. 2000 ms by default (§9).
 * Callable from anywhere (the http client's hooks included); the toasts are rendered by
 * <NotifyHost/>, which renders inside the theme and language context. Calls made before the
 * host mounts are queued, so nothing is lost during start-up.
 */
export type NotifyType = 'success' | 'info' | 'warning' | 'error';

export interface NotifyOptions {
  title?: ReactNode;
  description: ReactNode;
  duration?: number;
}

export interface ToastRequest {
  type: NotifyType | 'tostinfo';
  title?: ReactNode;
  description: ReactNode;
  duration: number;
}

/** Default duration (spec §9), in milliseconds. */
export const NOTIFY_DURATION_MS = 2000;
/** Spacing between toasts and from the window edge (spec §9), in pixels. */
export const NOTIFY_SPACING_PX = 16;

type Sink = (request: ToastRequest) => void;

let sink: Sink | null = null;
const pending: ToastRequest[] = [];

/** Registers the renderer of toasts; returns the unregister function. */
export function attachToastSink(next: Sink): () => void {
  sink = next;
  for (const request of pending.splice(0)) next(request);
  return () => {
    if (sink === next) sink = null;
  };
}

function emit(request: ToastRequest): void {
  if (sink) sink(request);
  else pending.push(request);
}

function toast(type: NotifyType) {
  return (description: ReactNode, title?: ReactNode, duration = NOTIFY_DURATION_MS): void => {
    emit({ type, title, description, duration });
  };
}

export const notify = {
  success: toast('success'),
  info: toast('info'),
  warning: toast('warning'),
  error: toast('error'),
  /** The title-less toast. */
  tostinfo(description: ReactNode, duration = NOTIFY_DURATION_MS): void {
    emit({ type: 'tostinfo', description, duration });
  },
};

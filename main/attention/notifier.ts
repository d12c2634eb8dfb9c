import type { HostNotification } from '../../contract/host';
import type { MainTranslate } from '../i18n/main-i18n';

/** A notification on screen, as far as the notifier needs it (Electron's Notification). */
export interface ShownNotification {
  close(): void;
}

export interface NotifierDeps {
  /** Shows a native notification; `onClick` runs when the user clicks it. */
  show(text: { title: string; body: string }, onClick: () => void): ShownNotification;
  /** False when the user or the DisableNotifications policy turned notifications off. */
  enabled(): boolean;
  /** Brings the main window to the front on a platform route (platform-route.ts). */
  openRoute(route: string): void;
  /** The latest notifications changed (the tray menu lists them). */
  onRecentChange?(): void;
  t: MainTranslate;
  now(): number;
}

export interface Notifier {
  notify(notification: HostNotification): void;
  /** The latest notifications, newest first (at most RECENT_MAX), shown or not. */
  recent(): readonly HostNotification[];
  /** Forgets the latest notifications (sign out). */
  clearRecent(): void;
}

/** More than BURST_SHOWN notifications, each within BURST_WINDOW_MS of the last, are a burst. */
export const BURST_WINDOW_MS = 10_000;
export const BURST_SHOWN = 3;
export const RECENT_MAX = 5;

/**
 * Native notifications for the page's notify() (contract/host.ts): the first three of a burst
 * are shown one by one; from the fourth on, one summary in the client's language ("5 条新消息")
 * counts the whole burst and replaces itself as more arrive. A click opens the notification's
 * route (the summary: the latest one's). Routes are checked before they get here
 * (main/ipc/ipc-handlers.ts).
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  let recent: HostNotification[] = [];
  let lastAt = Number.NEGATIVE_INFINITY;
  let burst = 0;
  let summary: ShownNotification | null = null;

  return {
    notify(notification) {
      const { title, body, route } = notification;
      recent = [{ title, body, route }, ...recent].slice(0, RECENT_MAX);
      deps.onRecentChange?.();
      const now = deps.now();
      if (now - lastAt > BURST_WINDOW_MS) {
        burst = 0;
        summary = null;
      }
      lastAt = now;
      burst += 1;
      if (!deps.enabled()) return;
      const open = () => {
        deps.openRoute(route);
      };
      if (burst <= BURST_SHOWN) {
        deps.show({ title, body }, open);
        return;
      }
      summary?.close();
      summary = deps.show(
        {
          title: deps.t('main.attention.summaryTitle', { count: burst }),
          body: deps.t('main.attention.summaryBody'),
        },
        open,
      );
    },
    recent: () => recent,
    clearRecent() {
      recent = [];
      deps.onRecentChange?.();
    },
  };
}

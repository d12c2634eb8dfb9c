import type { MainTranslate } from '../i18n/main-i18n';
import { badgeLabel } from './badge-image';

/** The part of the main window the badge uses (Electron's BrowserWindow). */
export interface BadgeWindow {
  setOverlayIcon(image: unknown, description: string): void;
  flashFrame(flag: boolean): void;
  isFocused(): boolean;
}

export interface BadgeDeps<Image> {
  /** The main window, or null while there is none. */
  window(): BadgeWindow | null;
  /** The overlay image for a label (badge-image.ts through nativeImage). */
  image(label: string): Image;
  /** The count changed (the tray's tooltip shows it). */
  onChange?(count: number): void;
  t: MainTranslate;
}

export interface Badge {
  set(count: number): void;
  count(): number;
}

/**
 * The page's setBadgeCount (contract/host.ts): the taskbar overlay with the number ("99+" above
 * 99, none at 0), and a flashing taskbar button when the count rises while the window is not
 * focused (main/index.ts stops it when the window gets the focus).
 */
export function createBadge<Image>(deps: BadgeDeps<Image>): Badge {
  let current = 0;
  let shownLabel: string | null = null;
  let shownOn: BadgeWindow | null = null;
  return {
    set(count) {
      const window = deps.window();
      // A new main window has no overlay yet.
      if (window !== shownOn) shownLabel = null;
      shownOn = window;
      const label = badgeLabel(count);
      if (window && label !== shownLabel) {
        window.setOverlayIcon(
          label === null ? null : deps.image(label),
          label === null ? '' : deps.t('main.attention.unread', { count: label }),
        );
        shownLabel = label;
      }
      if (window && count > current && !window.isFocused()) window.flashFrame(true);
      current = count;
      deps.onChange?.(count);
    },
    count: () => current,
  };
}

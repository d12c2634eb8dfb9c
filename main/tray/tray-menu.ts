import type { MenuItemConstructorOptions } from 'electron';
import type { HostNotification } from '../../contract/host';
import { badgeLabel } from '../attention/badge-image';
import type { MainTranslate } from '../i18n/main-i18n';

/** What the tray shows: the unread count, the latest notifications, whether someone is in. */
export interface TrayState {
  count: number;
  latest: readonly HostNotification[];
  signedIn: boolean;
}

export interface TrayActions {
  open: () => void;
  openRoute: (route: string) => void;
  signOut: () => void;
  quit: () => void;
}

/** How many of the latest notifications the menu lists. */
export const TRAY_LATEST = 3;
const MAX_LABEL = 60;

/** "EduDesk — 3 unread" in the client's language ("99+" above 99), the name alone at 0. */
export function trayTooltip(t: MainTranslate, count: number): string {
  const label = badgeLabel(count);
  return label === null ? t('main.tray.tooltip') : t('main.tray.tooltipUnread', { count: label });
}

/** A page's text as a menu label: one line, clipped, `&` not taken as an access key. */
function menuLabel(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const clipped = line.length > MAX_LABEL ? `${line.slice(0, MAX_LABEL)}…` : line;
  return clipped.replace(/&/g, '&&');
}

/**
 * The tray icon's menu: open, the latest few notifications (each opens its route), sign out
 * while someone is signed in, quit.
 */
export function trayMenuTemplate(
  t: MainTranslate,
  state: TrayState,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const latest: MenuItemConstructorOptions[] =
    state.signedIn && state.latest.length > 0
      ? state.latest.slice(0, TRAY_LATEST).map(({ title, body, route }) => ({
          label: menuLabel(body === '' ? title : `${title}: ${body}`),
          click: () => {
            actions.openRoute(route);
          },
        }))
      : [{ label: t('main.tray.noLatest'), enabled: false }];
  return [
    { label: t('main.tray.open'), click: actions.open },
    { type: 'separator' },
    { label: t('main.tray.latest'), enabled: false },
    ...latest,
    { type: 'separator' },
    ...(state.signedIn ? [{ label: t('main.tray.signOut'), click: actions.signOut }] : []),
    { label: t('main.tray.quit'), click: actions.quit },
  ];
}

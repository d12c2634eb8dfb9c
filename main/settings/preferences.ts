import type { DeploymentSettings } from '../config/policy';
import { isStartAtLogin, type StartAtLogin } from '../config/start-at-login';

/**
 * The user's own settings of the client (the Settings page, main/settings/settings-page.ts), and
 * how an administrator's policies bear on them (docs/desktop-client.md): an enforced policy
 * (`Software\Policies\EduDesk`) sets the value and locks it; a recommended one
 * (`…\EduDesk\Recommended`) is only the default, which the user's own choice overrides.
 */

export interface Preferences {
  /** Native notifications of new messages and to-dos. */
  notifications: boolean;
  /** Closing the main window hides it to the tray instead of quitting. */
  closeToTray: boolean;
  startAtLogin: StartAtLogin;
}

export type PreferenceName = keyof Preferences;
export const PREFERENCE_NAMES: readonly PreferenceName[] = [
  'notifications',
  'closeToTray',
  'startAtLogin',
];

export const DEFAULT_PREFERENCES: Readonly<Preferences> = {
  notifications: true,
  closeToTray: true,
  startAtLogin: 'off',
};

export interface ResolvedPreferences {
  values: Preferences;
  /** True where an enforced policy sets the value: the Settings page shows it locked. */
  locked: Record<PreferenceName, boolean>;
}

/** The preferences a policy (either tier) sets. */
export function preferencesFromPolicy(policy: DeploymentSettings): Partial<Preferences> {
  const result: Partial<Preferences> = {};
  if (policy.disableNotifications !== undefined) {
    result.notifications = !policy.disableNotifications;
  }
  if (policy.closeToTray !== undefined) result.closeToTray = policy.closeToTray;
  if (policy.startAtLogin !== undefined) result.startAtLogin = policy.startAtLogin;
  return result;
}

/** Only well-formed values of a settings file that may have been edited by hand. */
export function sanitizePreferences(raw: unknown): Partial<Preferences> {
  if (typeof raw !== 'object' || raw === null) return {};
  const record = raw as Record<string, unknown>;
  const result: Partial<Preferences> = {};
  if (typeof record.notifications === 'boolean') result.notifications = record.notifications;
  if (typeof record.closeToTray === 'boolean') result.closeToTray = record.closeToTray;
  if (isStartAtLogin(record.startAtLogin)) result.startAtLogin = record.startAtLogin;
  return result;
}

/** Enforced policy, then the user's choice, then recommended policy, then the default. */
export function resolvePreferences(sources: {
  enforced: DeploymentSettings;
  recommended: DeploymentSettings;
  user: Partial<Preferences>;
}): ResolvedPreferences {
  const enforced = preferencesFromPolicy(sources.enforced);
  const values: Preferences = {
    ...DEFAULT_PREFERENCES,
    ...preferencesFromPolicy(sources.recommended),
    ...sanitizePreferences(sources.user),
    ...enforced,
  };
  const locked = Object.fromEntries(
    PREFERENCE_NAMES.map((name) => [name, enforced[name] !== undefined]),
  ) as Record<PreferenceName, boolean>;
  return { values, locked };
}

/**
 * The Settings page's form (a GET to app://edudesk/save-settings): a checkbox is on when present,
 * start at login one of its three values. Locked preferences are never taken from the form.
 */
export function preferencesFromForm(
  params: URLSearchParams,
  locked: Record<PreferenceName, boolean>,
): Partial<Preferences> {
  const result: Partial<Preferences> = {};
  if (!locked.notifications) result.notifications = params.get('notifications') === 'on';
  if (!locked.closeToTray) result.closeToTray = params.get('closeToTray') === 'on';
  const start = params.get('startAtLogin');
  if (!locked.startAtLogin && isStartAtLogin(start)) result.startAtLogin = start;
  return result;
}

/** What Electron's app.setLoginItemSettings gets for a start-at-login choice. */
export function loginItemSettings(start: StartAtLogin): { openAtLogin: boolean; args: string[] } {
  return { openAtLogin: start !== 'off', args: start === 'hidden' ? [HIDDEN_SWITCH] : [] };
}

/** The switch of a start at Windows sign-in that shows no window, only the tray. */
export const HIDDEN_SWITCH = '--hidden';

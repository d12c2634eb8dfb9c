/**
 * Start at Windows sign-in: not at all, with the window, or hidden in the tray (`--hidden`). A
 * policy value (main/config/policy.ts: DWORD 0, 1, 2 or the word) and a user setting
 * (main/settings/preferences.ts).
 */
export type StartAtLogin = 'off' | 'shown' | 'hidden';
export const START_AT_LOGIN_VALUES: readonly StartAtLogin[] = ['off', 'shown', 'hidden'];

export function isStartAtLogin(value: unknown): value is StartAtLogin {
  return START_AT_LOGIN_VALUES.includes(value as StartAtLogin);
}

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  loginItemSettings,
  preferencesFromForm,
  resolvePreferences,
  sanitizePreferences,
} from './preferences';

const UNLOCKED = { notifications: false, closeToTray: false, startAtLogin: false };

describe('resolvePreferences', () => {
  it('uses the defaults without policy or choice: notifications on, close to tray, no start', () => {
    expect(resolvePreferences({ enforced: {}, recommended: {}, user: {} })).toEqual({
      values: DEFAULT_PREFERENCES,
      locked: UNLOCKED,
    });
    expect(DEFAULT_PREFERENCES).toEqual({
      notifications: true,
      closeToTray: true,
      startAtLogin: 'off',
    });
  });

  it('lets the user override a recommended default', () => {
    const recommended = { disableNotifications: true, startAtLogin: 'hidden' as const };
    expect(resolvePreferences({ enforced: {}, recommended, user: {} }).values).toEqual({
      notifications: false,
      closeToTray: true,
      startAtLogin: 'hidden',
    });
    expect(
      resolvePreferences({ enforced: {}, recommended, user: { startAtLogin: 'off' } }).values
        .startAtLogin,
    ).toBe('off');
  });

  it('locks an enforced value over the user’s choice', () => {
    const resolved = resolvePreferences({
      enforced: { disableNotifications: true, closeToTray: false },
      recommended: { disableNotifications: false },
      user: { notifications: true, closeToTray: true, startAtLogin: 'shown' },
    });
    expect(resolved.values).toEqual({
      notifications: false,
      closeToTray: false,
      startAtLogin: 'shown',
    });
    expect(resolved.locked).toEqual({
      notifications: true,
      closeToTray: true,
      startAtLogin: false,
    });
  });

  it('ignores malformed values of a hand-edited settings file', () => {
    expect(
      sanitizePreferences({ notifications: 'no', closeToTray: 0, startAtLogin: 'always' }),
    ).toEqual({});
    expect(sanitizePreferences(null)).toEqual({});
  });
});

describe('preferencesFromForm', () => {
  it('reads the checkboxes and the start choice', () => {
    expect(
      preferencesFromForm(new URLSearchParams('closeToTray=on&startAtLogin=hidden'), UNLOCKED),
    ).toEqual({ notifications: false, closeToTray: true, startAtLogin: 'hidden' });
  });

  it('never takes a locked value, nor an unknown start choice', () => {
    expect(
      preferencesFromForm(new URLSearchParams('notifications=on&startAtLogin=always'), {
        notifications: true,
        closeToTray: true,
        startAtLogin: false,
      }),
    ).toEqual({});
  });
});

describe('loginItemSettings', () => {
  it('starts hidden with --hidden, shown without, or not at all', () => {
    expect(loginItemSettings('off')).toEqual({ openAtLogin: false, args: [] });
    expect(loginItemSettings('shown')).toEqual({ openAtLogin: true, args: [] });
    expect(loginItemSettings('hidden')).toEqual({ openAtLogin: true, args: ['--hidden'] });
  });
});

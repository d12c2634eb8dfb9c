import { describe, expect, it } from 'vitest';
import { canSwitchRole } from './role-switch-rule';

describe('role switching', () => {
  it('is for teachers and parents with a linked identity, on the desktop', () => {
    expect(canSwitchRole({ userType: '2', onDesktop: true, linkedIdentities: 2 })).toBe(true);
    expect(canSwitchRole({ userType: '3', onDesktop: true, linkedIdentities: 2 })).toBe(true);
    expect(canSwitchRole({ userType: '2', onDesktop: true, linkedIdentities: 1 })).toBe(false);
    expect(canSwitchRole({ userType: '5', onDesktop: true, linkedIdentities: 2 })).toBe(false);
    expect(canSwitchRole({ userType: '1', onDesktop: true, linkedIdentities: 2 })).toBe(false);
  });

  it('elsewhere, only where the app allows both teachers and parents', () => {
    expect(
      canSwitchRole({
        userType: '2',
        onDesktop: false,
        appUserTypes: ['2', '3'],
        linkedIdentities: 2,
      }),
    ).toBe(true);
    expect(
      canSwitchRole({
        userType: '2',
        onDesktop: false,
        appUserTypes: ['2', '4'],
        linkedIdentities: 2,
      }),
    ).toBe(false);
    expect(canSwitchRole({ userType: '3', onDesktop: false, linkedIdentities: 2 })).toBe(false);
  });
});

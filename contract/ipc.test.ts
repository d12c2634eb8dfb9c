import { describe, expect, it } from 'vitest';
import { IPC, IPC_LIMITS, isClientId, isLogoutReason, isRememberedLogin } from './ipc';

describe('IPC registry', () => {
  it('has one distinct, namespaced name per channel', () => {
    const names = Object.values(IPC);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^edudesk:[a-z]+:[a-z-]+$/);
  });
});

describe('payload validation', () => {
  it('accepts a remembered login and refuses anything else', () => {
    expect(isRememberedLogin({ remember: true, username: 'teacher01', password: 'x' })).toBe(true);
    expect(isRememberedLogin({ remember: false, username: '', password: '' })).toBe(true);
    for (const bad of [
      null,
      'teacher01',
      [],
      { remember: 'yes', username: 'a', password: 'b' },
      { remember: true, username: 1, password: 'b' },
      { remember: true, username: 'a' },
      { remember: true, username: 'a'.repeat(IPC_LIMITS.username + 1), password: 'b' },
      { remember: true, username: 'a', password: 'b'.repeat(IPC_LIMITS.password + 1) },
    ]) {
      expect(isRememberedLogin(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts printable client ids only', () => {
    expect(isClientId('c-123_ABC.x~')).toBe(true);
    expect(isClientId('x'.repeat(IPC_LIMITS.clientId))).toBe(true);
    for (const bad of ['', 'has space', 'tab\t', '中文', 'x'.repeat(IPC_LIMITS.clientId + 1), 7]) {
      expect(isClientId(bad), String(bad)).toBe(false);
    }
  });

  it('bounds the logout reason', () => {
    expect(isLogoutReason('设备登录失败！')).toBe(true);
    expect(isLogoutReason('')).toBe(true);
    expect(isLogoutReason('x'.repeat(IPC_LIMITS.logoutReason + 1))).toBe(false);
    expect(isLogoutReason({ toString: () => 'x' })).toBe(false);
  });
});

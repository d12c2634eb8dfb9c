import { describe, expect, it } from 'vitest';
import {
  IPC,
  IPC_LIMITS,
  isBadgeCount,
  isClientId,
  isHostNotification,
  isLogoutReason,
  isRememberedLogin,
} from './ipc';

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

  it('accepts badge counts that are integers from 0 to the limit', () => {
    for (const good of [0, 1, 99, 100, IPC_LIMITS.badgeCount])
      expect(isBadgeCount(good)).toBe(true);
    for (const bad of [-1, 1.5, NaN, Infinity, IPC_LIMITS.badgeCount + 1, '3', null, [3]]) {
      expect(isBadgeCount(bad), String(bad)).toBe(false);
    }
  });

  it('accepts a notification of bounded texts with a route', () => {
    const good = { title: '新消息', body: '王老师：明天开会', route: '/desktop' };
    expect(isHostNotification(good)).toBe(true);
    expect(isHostNotification({ ...good, body: '' })).toBe(true);
    for (const bad of [
      null,
      'title',
      [good],
      { ...good, route: '' },
      { ...good, route: 1 },
      { title: good.title, body: good.body },
      { ...good, title: 'x'.repeat(IPC_LIMITS.notificationTitle + 1) },
      { ...good, body: 'x'.repeat(IPC_LIMITS.notificationBody + 1) },
      { ...good, route: `/${'x'.repeat(IPC_LIMITS.notificationRoute)}` },
    ]) {
      expect(isHostNotification(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

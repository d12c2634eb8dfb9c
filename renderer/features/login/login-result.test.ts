import { describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../../contract/envelope';
import { bindingPageUrl, interpretLogin, normaliseLoginData } from './login-result';

function envelope(overrides: Partial<ApiEnvelope>): ApiEnvelope {
  return { status: 200, message: '', data: null, code: 'ok', fieldErrors: [], ...overrides };
}

describe('login result', () => {
  it('is a success on status 200, with unitType defaulting to "2"', () => {
    expect(interpretLogin(envelope({ data: { unitId: 1001, userType: 3 } }), 'zh-CN', 'x')).toEqual(
      {
        kind: 'success',
        data: { unitType: '2', unitId: '1001', userType: '3', openid: '', unionid: '' },
      },
    );
    expect(normaliseLoginData({ unitType: '1' }).unitType).toBe('1');
  });

  it('goes to the binding page on 400 with a code other than invalid_grant', () => {
    expect(
      interpretLogin(
        envelope({ status: 400, code: 'unbound_account', data: { openid: 'o1', unionid: 'u1' } }),
        'en',
        'x',
      ),
    ).toEqual({ kind: 'bind', code: 'unbound_account', openid: 'o1', unionid: 'u1' });
  });

  it('shows the message (in the user language) on invalid_grant and any other status', () => {
    const wrong = envelope({
      status: 400,
      code: 'invalid_grant',
      message: '用户名或密码错误|||Incorrect username or password',
    });
    expect(interpretLogin(wrong, 'en', 'x')).toEqual({
      kind: 'error',
      message: 'Incorrect username or password',
    });
    expect(interpretLogin(wrong, 'zh-CN', 'x')).toEqual({
      kind: 'error',
      message: '用户名或密码错误',
    });
    expect(
      interpretLogin(
        envelope({ status: 429, code: 'too_many_attempts', message: 'wait' }),
        'en',
        'x',
      ),
    ).toEqual({
      kind: 'error',
      message: 'wait',
      wait: { reason: 'locked', seconds: 60 },
    });
  });

  it('carries the tries left, the lock and the busy waits the server gives', () => {
    const wrong = envelope({
      status: 400,
      code: 'invalid_grant',
      message: '用户名或密码错误|||Incorrect username or password',
      data: { remaining: 3 },
    });
    expect(interpretLogin(wrong, 'zh-CN', 'x')).toEqual({
      kind: 'error',
      message: '用户名或密码错误',
      remaining: 3,
    });
    const locked = envelope({ status: 429, code: 'too_many_attempts', data: { retryAfter: 300 } });
    expect(interpretLogin(locked, 'en', 'x')).toMatchObject({
      wait: { reason: 'locked', seconds: 300 },
    });
    const busy = envelope({ status: 503, code: 'sign_in_busy', data: null });
    expect(interpretLogin(busy, 'en', 'x')).toMatchObject({ wait: { reason: 'busy', seconds: 2 } });
  });

  it('falls back to a generic message when the server gives none', () => {
    expect(
      interpretLogin(envelope({ status: 500, code: '', message: '' }), 'en', 'Login failed'),
    ).toEqual({
      kind: 'error',
      message: 'Login failed',
    });
  });

  it('builds the binding page URL with the error code as id', () => {
    expect(bindingPageUrl({ code: 'unbound', openid: 'o&1', unionid: '' })).toBe(
      '/#/bind/?id=unbound&openid=o%261&unionid=&deviceId=',
    );
  });
});

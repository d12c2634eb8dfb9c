import { describe, expect, it } from 'vitest';
import { logoutShown } from './logout-shown';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36';
const WXWORK = `${CHROME} wxwork/4.1.22 MicroMessenger/7.0.1`;
const WECHAT = `${CHROME} MicroMessenger/8.0.1`;

describe('logoutShown (spec §2: hidden in the desktop client and the enterprise chat client)', () => {
  it('shows Logout in a browser, WeChat included', () => {
    expect(logoutShown('web', CHROME, 'pc')).toBe(true);
    expect(logoutShown('web', WECHAT, 'pc')).toBe(true);
    expect(logoutShown('web', CHROME, 'mobile')).toBe(true);
  });

  it("hides it in WeCom's work client, on the PC and on the phone", () => {
    expect(logoutShown('web', WXWORK, 'pc')).toBe(false);
    expect(logoutShown('web', WXWORK, 'mobile')).toBe(false);
  });

  it('hides it in the desktop client; the phone wherever a host signs out', () => {
    expect(logoutShown('desktop', CHROME, 'pc')).toBe(false);
    expect(logoutShown('app', CHROME, 'mobile')).toBe(false);
    expect(logoutShown('desktop', CHROME, 'mobile')).toBe(false);
  });
});

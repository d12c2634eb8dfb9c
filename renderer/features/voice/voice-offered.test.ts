import { describe, expect, it } from 'vitest';
import { voiceOffered } from './voice-offered';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1';
const decoration = (extra: object) =>
  JSON.stringify({ defaultLanguage: 'zh-CN', footerMsg: {}, ...extra });

describe('voiceOffered (spec §2: mobile, native app only)', () => {
  it('offers the recorder inside the native app', () => {
    expect(voiceOffered(`${IPHONE} EduDeskApp/2.3`, 'web', undefined)).toBe(true);
    expect(voiceOffered(IPHONE, 'app', undefined)).toBe(true);
  });

  it('does not offer it in a phone browser by default', () => {
    expect(voiceOffered(IPHONE, 'web', undefined)).toBe(false);
    expect(voiceOffered(IPHONE, 'web', decoration({}))).toBe(false);
    expect(voiceOffered(IPHONE, 'web', decoration({ voiceInBrowser: 'yes' }))).toBe(false);
    expect(voiceOffered(IPHONE, 'web', '{not json')).toBe(false);
  });

  it("offers it in phone browsers when the unit's configuration says so", () => {
    expect(voiceOffered(IPHONE, 'web', decoration({ voiceInBrowser: true }))).toBe(true);
  });
});

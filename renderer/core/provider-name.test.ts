import { describe, expect, it } from 'vitest';
import { loadTraditional } from './i18n/traditional';
import { providerName } from './provider-name';

describe('providerName', () => {
  it('says a default name in the user language, zh-HK in Traditional characters', () => {
    expect(providerName('企业微信|||WeCom', 'zh-CN')).toBe('企业微信');
    expect(providerName('企业微信|||WeCom', 'zh-HK')).toBe('企業微信');
    expect(providerName('企业微信|||WeCom', 'en')).toBe('WeCom');
    expect(providerName('微信公众号|||WeChat Official Account', 'zh-HK')).toBe('微信公眾號');
    expect(providerName('微信|||WeChat', 'zh-HK')).toBe('微信');
  });

  it("says a unit's own name in Traditional characters in zh-HK, once the converter is there", async () => {
    expect(providerName('阳光校园通|||Sunshine Pass', 'zh-HK')).toBe('阳光校园通');
    await loadTraditional();
    expect(providerName('阳光校园通|||Sunshine Pass', 'zh-HK')).toBe('陽光校園通');
    expect(providerName('阳光校园通', 'en')).toBe('阳光校园通');
    expect(providerName('toString', 'zh-HK')).toBe('toString');
  });
});

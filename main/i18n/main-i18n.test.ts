import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import zhHK from '../locales/zh-HK.json';
import { createMainI18n, pickLanguage } from './main-i18n';

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key)) {
        found.set(path, leaf);
      }
    }
  } else {
    found.set(prefix, value);
  }
  return found;
}

const locales = { 'zh-CN': zhCN, 'zh-HK': zhHK, en };

describe('main locales', () => {
  it('has one top-level key, main, in every language', () => {
    for (const locale of Object.values(locales)) expect(Object.keys(locale)).toEqual(['main']);
  });

  it('has the same keys and placeholders in zh-CN, zh-HK and en, each a non-empty string', () => {
    const reference = leaves(zhCN);
    const placeholders = (text: unknown) => String(text).match(/\{\{\w+\}\}/g) ?? [];
    for (const [lang, locale] of Object.entries(locales)) {
      const found = leaves(locale);
      expect([...found.keys()].sort(), lang).toEqual([...reference.keys()].sort());
      for (const [key, text] of found) {
        expect(typeof text === 'string' && text.trim() !== '', `${lang} ${key}`).toBe(true);
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(reference.get(key)));
      }
    }
  });

  it('names the product EduDesk in English and 教育桌面 in Chinese', () => {
    expect(en.main.productName).toBe('EduDesk');
    expect(zhCN.main.productName).toBe('教育桌面');
    expect(zhHK.main.productName).toBe('教育桌面');
  });
});

describe('createMainI18n', () => {
  it('translates and interpolates without HTML escaping (pages escape on their own)', () => {
    const t = createMainI18n('en');
    expect(t('main.offline.body', { server: 'https://a.edu/?x=<b>' })).toBe(
      'EduDesk cannot open https://a.edu/?x=<b>. Check your network connection, then try again.',
    );
    expect(createMainI18n('zh-HK')('main.offline.retry')).toBe('重試');
    expect(createMainI18n('zh-CN')('main.offline.retry')).toBe('重试');
  });
});

describe('pickLanguage', () => {
  it.each([
    [['zh-Hans-CN', 'en-US'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-Hant-HK'], 'zh-HK'],
    [['zh-TW'], 'zh-HK'],
    [['zh-Hant'], 'zh-HK'],
    [['zh-MO'], 'zh-HK'],
    [['en-GB', 'zh-CN'], 'en'],
    [['en'], 'en'],
    [['fr-FR', 'en-US'], 'en'],
    [['fr-FR', 'de-DE'], 'zh-CN'],
    [[], 'zh-CN'],
  ])('%j → %s', (preferred, lang) => {
    expect(pickLanguage(preferred)).toBe(lang);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  normaliseLanguage,
  readLanguageContext,
  resolveLanguage,
  type LanguageContext,
} from './resolve-language';

describe('resolveLanguage (spec §9 order)', () => {
  it.each<[string, LanguageContext, string]>([
    [
      'query first',
      { query: 'en', arg: 'zh-HK', storedChosen: 'zh-CN', storedLang: 'zh-HK' },
      'en',
    ],
    [
      'then the argument',
      { query: null, arg: 'zh-HK', storedChosen: 'en', storedLang: 'en' },
      'zh-HK',
    ],
    ['then stored lange_', { storedChosen: 'en', storedLang: 'zh-HK' }, 'en'],
    ['then stored lang', { storedChosen: null, storedLang: 'zh-HK' }, 'zh-HK'],
    ['then zh-CN', {}, 'zh-CN'],
    ['invalid query skipped', { query: 'fr', arg: 'en' }, 'en'],
    ['invalid argument skipped', { arg: 'de', storedChosen: 'zh-HK' }, 'zh-HK'],
    ['invalid stored values skipped', { storedChosen: 'xx', storedLang: '' }, 'zh-CN'],
    ['case and underscore tolerated', { query: 'ZH_hk' }, 'zh-HK'],
  ])('%s', (_name, context, expected) => {
    expect(resolveLanguage(context)).toBe(expected);
  });

  it('normalises only our languages', () => {
    expect(normaliseLanguage(' EN ')).toBe('en');
    expect(normaliseLanguage('zh')).toBeNull();
    expect(normaliseLanguage(undefined)).toBeNull();
  });
});

describe('readLanguageContext', () => {
  const stored = (values: Record<string, string>) => (key: string) => values[key] ?? null;

  it('reads the lang query parameter, then language, and the two stored keys', () => {
    const context = readLanguageContext(
      { search: '?lang=en&language=zh-HK' },
      stored({ lange_: 'zh-HK', lang: 'zh-CN' }),
      'zh-CN',
    );
    expect(context).toEqual({
      query: 'en',
      arg: 'zh-CN',
      storedChosen: 'zh-HK',
      storedLang: 'zh-CN',
    });
    expect(readLanguageContext({ search: '?language=zh-HK' }, stored({})).query).toBe('zh-HK');
    expect(readLanguageContext({ search: '?lang=fr&language=en' }, stored({})).query).toBe('en');
  });

  it('resolves the whole page context', () => {
    const read = stored({ lang: 'en' });
    expect(resolveLanguage(readLanguageContext({ search: '' }, read))).toBe('en');
    expect(resolveLanguage(readLanguageContext({ search: '?lang=zh-HK' }, read))).toBe('zh-HK');
  });
});

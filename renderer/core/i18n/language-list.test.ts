// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE_LIST, LANGUAGE_LIST_ERROR, validateLanguageList } from './language-list';

describe('validateLanguageList', () => {
  it.each([undefined, null, 'zh-CN,en', { 0: 'en' }, 3])(
    'rejects %j with the spec text',
    (list) => {
      expect(() => validateLanguageList(list)).toThrow(new Error(LANGUAGE_LIST_ERROR));
      expect(LANGUAGE_LIST_ERROR).toBe('数据类型错误，语言列表必须是数组！');
    },
  );

  it('keeps known languages once, with a name, from entries or codes', () => {
    expect(
      validateLanguageList([
        { value: 'zh-CN', name: '中文' },
        'en',
        { value: 'fr', name: 'Français' },
        { value: 'en', name: 'again' },
        { value: 'zh-HK' },
        42,
      ]),
    ).toEqual([
      { value: 'zh-CN', name: '中文' },
      { value: 'en', name: 'English' },
      { value: 'zh-HK', name: '繁體中文' },
    ]);
    expect(validateLanguageList([])).toEqual([]);
  });

  it('defaults to zh-CN and en', () => {
    expect(DEFAULT_LANGUAGE_LIST.map((option) => option.value)).toEqual(['zh-CN', 'en']);
  });
});

import { describe, expect, it } from 'vitest';
import { parseThemeSetting } from './theme-setting';

describe('parseThemeSetting', () => {
  it('accepts the named themes and colours, with or without a language', () => {
    expect(parseThemeSetting('{"theme":"ink","lang":"en"}')).toEqual({ theme: 'ink', lang: 'en' });
    expect(parseThemeSetting('{"theme":"#e31d1a"}')).toEqual({ theme: '#e31d1a' });
    expect(parseThemeSetting('{"theme":"#abc","lang":""}')).toEqual({ theme: '#abc' });
  });

  it('drops unknown fields', () => {
    expect(parseThemeSetting('{"theme":"lotus","lang":"zh-HK","x":"<script>"}')).toEqual({
      theme: 'lotus',
      lang: 'zh-HK',
    });
  });

  it('refuses anything else', () => {
    for (const text of [
      'ink',
      '[]',
      'null',
      '{"theme":"purple"}',
      '{"theme":"#12345g"}',
      '{"theme":"ink","lang":"fr"}',
      '{"lang":"en"}',
      '{"theme":1}',
    ]) {
      expect(parseThemeSetting(text), text).toBeUndefined();
    }
  });
});

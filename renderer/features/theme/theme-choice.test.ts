import { describe, expect, it } from 'vitest';
import { applyMode, parseThemeAnswer, themePayload } from './theme-choice';

describe('applying a theme', () => {
  it('applies a colour change live and reloads for designed themes and layouts', () => {
    expect(
      applyMode({ theme: '#457CD6', layout: 'top' }, { theme: '#e31d1a', layout: 'top' }),
    ).toBe('live');
    expect(applyMode({ theme: '#457CD6', layout: 'top' }, { theme: 'ink', layout: 'top' })).toBe(
      'reload',
    );
    expect(applyMode({ theme: 'ink', layout: 'top' }, { theme: '#e31d1a', layout: 'top' })).toBe(
      'reload',
    );
    expect(applyMode({ theme: 'ink', layout: 'top' }, { theme: 'lotus', layout: 'top' })).toBe(
      'reload',
    );
    expect(
      applyMode({ theme: '#457CD6', layout: 'top' }, { theme: '#457CD6', layout: 'left' }),
    ).toBe('reload');
    expect(
      applyMode({ theme: '#457cd6', layout: 'top' }, { theme: '#457CD6', layout: 'top' }),
    ).toBe('nothing');
  });

  it('sends the theme and language as a JSON string', () => {
    expect(JSON.parse(themePayload('ink', 'en'))).toEqual({ theme: 'ink', lang: 'en' });
  });

  it('reads a colour string or JSON with theme and lang, and nothing else', () => {
    expect(parseThemeAnswer('#e31d1a')).toEqual({ theme: '#e31d1a', lang: null });
    expect(parseThemeAnswer('{"theme":"ink","lang":"en"}')).toEqual({ theme: 'ink', lang: 'en' });
    expect(parseThemeAnswer('{"theme":""}')).toBeNull();
    expect(parseThemeAnswer('{broken')).toBeNull();
    expect(parseThemeAnswer(42)).toBeNull();
    expect(parseThemeAnswer('')).toBeNull();
  });
});

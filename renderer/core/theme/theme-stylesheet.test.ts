import { describe, expect, it } from 'vitest';
import { resolveTheme } from './theme-engine';
import { DEFAULT_THEME_PATH, themeStylesheetHref } from './theme-stylesheet';

describe('theme stylesheets (spec §7, §9)', () => {
  it('come from the common plugin CSS path, one per designed theme and one for colours', () => {
    expect(DEFAULT_THEME_PATH).toBe('/common/styles/1.2.0/');
    expect(themeStylesheetHref(DEFAULT_THEME_PATH, resolveTheme('ink'))).toBe(
      '/common/styles/1.2.0/theme-ink.css',
    );
    expect(themeStylesheetHref('/x/styles', resolveTheme('#e31d1a'))).toBe(
      '/x/styles/theme-color.css',
    );
  });
});

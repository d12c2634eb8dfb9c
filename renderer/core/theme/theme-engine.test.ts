import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrast, parseHex, WHITE } from './colour';
import {
  antdTheme,
  antdTokens,
  cssVariables,
  DANGER_COLOUR,
  effectiveLayout,
  isReddish,
  palette,
  resolveTheme,
  UI_FONT_FAMILY,
} from './theme-engine';

describe('resolveTheme', () => {
  it('knows the designed themes and their colours', () => {
    expect(resolveTheme('ink')).toEqual({ kind: 'designed', name: 'ink', primary: '#A9947F' });
    expect(resolveTheme('lotus')).toEqual({ kind: 'designed', name: 'lotus', primary: '#68A265' });
    expect(resolveTheme('cartoon')).toEqual({
      kind: 'designed',
      name: 'cartoon',
      primary: '#3ABAE8',
    });
  });

  it('takes a colour beginning with #, in either case and short form', () => {
    expect(resolveTheme('#E31D1A')).toEqual({ kind: 'colour', primary: '#e31d1a' });
    expect(resolveTheme('#abc')).toEqual({ kind: 'colour', primary: '#aabbcc' });
  });

  it('falls back to the default #457cd6 for anything else', () => {
    for (const value of ['', null, undefined, 'purple', '#12345', 'toString', 'javascript:x']) {
      expect(resolveTheme(value)).toEqual({ kind: 'colour', primary: '#457cd6' });
    }
  });
});

describe('layout', () => {
  it('is forced to top by ink, lotus and cartoon', () => {
    expect(effectiveLayout(resolveTheme('ink'), 'left')).toBe('top');
    expect(effectiveLayout(resolveTheme('cartoon'), 'left')).toBe('top');
    expect(effectiveLayout(resolveTheme('#4DB021'), 'left')).toBe('left');
  });
});

describe('palette', () => {
  it('derives ten lighter shades and one darker from the primary colour', () => {
    const colours = palette('#457CD6');
    expect(colours.primary).toBe('#457cd6');
    expect(colours.lighter).toHaveLength(10);
    expect(new Set(colours.lighter).size).toBe(10);
    const lightness = colours.lighter.map((hex) => {
      const rgb = parseHex(hex);
      return rgb ? rgb.r + rgb.g + rgb.b : 0;
    });
    expect(lightness).toEqual([...lightness].sort((a, b) => a - b));
    expect(colours.darker).toBe('#3763ab');
  });

  it('keeps text in the primary colour readable on white', () => {
    for (const colour of ['#49C1D9', '#3ABAE8', '#4DB021', '#A9947F', '#457CD6', '#ffff00']) {
      const text = parseHex(palette(colour).primaryText);
      expect(text && contrast(text, WHITE)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('darkens a light primary under white text rather than switching the text to dark', () => {
    // The header draws white text on primarySolid in every theme (shell/shell-layout.css .app-header).
    for (const colour of ['#ffff00', '#49C1D9', '#4DB021', '#A9947F', '#3ABAE8', '#68A265']) {
      const colours = palette(colour);
      expect(colours.onPrimary).toBe('#ffffff');
      const fill = parseHex(colours.primarySolid);
      expect(fill && contrast(fill, WHITE)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('fills solid primary buttons with a colour their text reads on (WCAG AA 4.5)', () => {
    for (const colour of ['#457CD6', '#49C1D9', '#4DB021', '#e31d1a', '#3ABAE8', '#ffff00']) {
      const colours = palette(colour);
      const fill = parseHex(colours.primarySolid);
      const text = parseHex(colours.onPrimary);
      if (!fill || !text) throw new Error('bad colour');
      expect(contrast(fill, text)).toBeGreaterThanOrEqual(4.5);
      const button = antdTheme(resolveTheme(colour)).components.Button;
      expect(button.colorPrimary).toBe(colours.primarySolid);
      expect(button.primaryColor).toBe(colours.onPrimary);
    }
    // A colour that already reads keeps its own fill.
    expect(palette('#1a3a8a').primarySolid).toBe('#1a3a8a');
  });
});

describe('a red theme', () => {
  it('keeps the header badge and danger actions apart from the theme colour', () => {
    expect(isReddish('#e31d1a')).toBe(true);
    for (const colour of ['#457CD6', '#49C1D9', '#4DB021', '#A9947F', '#68A265', '#3ABAE8']) {
      expect(isReddish(colour)).toBe(false);
    }
    const red = cssVariables(resolveTheme('#e31d1a'));
    expect(red['--edudesk-header-badge-fill']).toBe('#ffffff');
    expect(antdTokens(resolveTheme('#e31d1a')).colorLink).not.toBe(palette('#e31d1a').primaryText);
    const blue = cssVariables(resolveTheme('#457CD6'));
    expect(blue['--edudesk-header-badge-fill']).toBe('#d9363e');
    expect(antdTokens(resolveTheme('#457CD6')).colorLink).toBe(palette('#457CD6').primaryText);
  });
});

describe('tokens and variables', () => {
  it('give danger actions and errors a red that reads on white and on a hovered row', () => {
    for (const name of ['#457CD6', '#e31d1a', '#49C1D9', '#4DB021', 'ink', 'lotus', 'cartoon']) {
      expect(antdTokens(resolveTheme(name)).colorError).toBe(DANGER_COLOUR);
    }
    const danger = parseHex(DANGER_COLOUR);
    const hoveredRow = parseHex('#fafafa');
    if (!danger || !hoveredRow) throw new Error('bad colour');
    expect(contrast(danger, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(danger, hoveredRow)).toBeGreaterThanOrEqual(4.5);
  });

  it('give antd and the CSS the same primary colour', () => {
    const theme = resolveTheme('#4DB021');
    expect(antdTokens(theme).colorPrimary).toBe('#4db021');
    const variables = cssVariables(theme);
    expect(variables['--edudesk-primary']).toBe('#4db021');
    expect(variables['--edudesk-primary-light-10']).toBeDefined();
    expect(variables['--edudesk-primary-dark-1']).toBeDefined();
  });

  it("give antd the page's font stack, Chinese fonts named, in every theme", () => {
    for (const name of ['#4DB021', 'ink', 'lotus', 'cartoon']) {
      expect(antdTokens(resolveTheme(name)).fontFamily).toContain(UI_FONT_FAMILY);
    }
    const stylesheet = readFileSync(new URL('./fonts.css', import.meta.url), 'utf8');
    const stacks = [...stylesheet.matchAll(/--edudesk-font-family:([^;]+);/g)].map(([, stack]) =>
      (stack ?? '').replace(/\s+/g, ' '),
    );
    // zh-CN and en, then zh-HK: Windows', macOS's and Linux's Chinese fonts all before the
    // generic family, so no Chinese character goes through the system's fallback.
    expect(stacks).toHaveLength(2);
    for (const stack of stacks) {
      const generic = stack.indexOf('sans-serif');
      for (const font of ["'Microsoft YaHei'", "'Noto Sans CJK SC'", "'WenQuanYi Micro Hei'"]) {
        expect(stack.indexOf(font)).toBeGreaterThan(-1);
        expect(stack.indexOf(font)).toBeLessThan(generic);
      }
    }
    expect(stacks[1]?.indexOf("'Microsoft JhengHei'")).toBeLessThan(
      stacks[1]?.indexOf("'Microsoft YaHei'") ?? -1,
    );
  });

  it('give the designed themes their own look, not only a colour', () => {
    expect(antdTokens(resolveTheme('ink')).fontFamily).toContain('KaiTi');
    expect(antdTokens(resolveTheme('cartoon')).borderRadius).toBe(14);
  });
});

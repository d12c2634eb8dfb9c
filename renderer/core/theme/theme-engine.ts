import { BLACK, contrast, mix, parseHex, toHex, WHITE, type Rgb } from './colour';

/**
 * The theme engine (spec §2 theme dialog, §4 theme, §9 themes): one function turns a theme name
 * or a colour into the antd tokens and the CSS variables of the page. The designed themes (ink,
 * lotus, cartoon) add their own token set; a colour derives the palette from one primary colour
 * (ten lighter shades and one darker), corrected for contrast.
 */

export const DEFAULT_THEME_COLOR = '#457CD6';

/** The designed themes and their colours (spec §9). */
export const DESIGNED_THEMES = {
  ink: '#A9947F',
  lotus: '#68A265',
  cartoon: '#3ABAE8',
} as const;
export type DesignedTheme = keyof typeof DESIGNED_THEMES;

/** The colour presets of the theme dialog (spec §2). */
export const COLOR_PRESETS = [
  { name: 'red', color: '#e31d1a' },
  { name: 'blue', color: '#457CD6' },
  { name: 'cyan', color: '#49C1D9' },
  { name: 'green', color: '#4DB021' },
] as const;

export type Layout = 'top' | 'left';

export type ResolvedTheme =
  { kind: 'designed'; name: DesignedTheme; primary: string } | { kind: 'colour'; primary: string };

export function isDesignedTheme(value: unknown): value is DesignedTheme {
  return typeof value === 'string' && Object.hasOwn(DESIGNED_THEMES, value);
}

/** A theme name or a colour beginning with # (spec §4); anything else is the default colour. */
export function resolveTheme(value: string | null | undefined): ResolvedTheme {
  const trimmed = value?.trim() ?? '';
  if (isDesignedTheme(trimmed))
    return { kind: 'designed', name: trimmed, primary: DESIGNED_THEMES[trimmed] };
  const rgb = trimmed.startsWith('#') ? parseHex(trimmed) : null;
  return {
    kind: 'colour',
    primary: rgb ? toHex(rgb) : toHex(parseHex(DEFAULT_THEME_COLOR) ?? BLACK),
  };
}

/** Ink, lotus and cartoon force the top layout (spec §4). */
export function effectiveLayout(theme: ResolvedTheme, chosen: Layout): Layout {
  return theme.kind === 'designed' ? 'top' : chosen;
}

export interface Palette {
  primary: string;
  /** light-1 … light-10: 8 % … 80 % white mixed in. */
  lighter: string[];
  /** dark-1: 20 % black mixed in. */
  darker: string;
  /**
   * The text colour on `primarySolid`: white. The header, its menu and solid buttons draw white
   * text on that fill, on every theme (docs/choices.md, readable colours).
   */
  onPrimary: string;
  /** The primary colour adjusted until text in it reads on white (links, outlined buttons). */
  primaryText: string;
  /**
   * The fill of the header and of solid primary buttons: the primary colour, darkened until white
   * text reads on it (4.5:1); a colour that already reads keeps its own.
   */
  primarySolid: string;
}

/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;

function readableOnWhite(colour: Rgb): Rgb {
  let adjusted = colour;
  for (let step = 1; step <= 20 && contrast(adjusted, WHITE) < MIN_TEXT_CONTRAST; step += 1) {
    // Rounded as the page will draw it (toHex), so the drawn colour is the one measured.
    const mixed = mix(colour, BLACK, step * 0.05);
    adjusted = { r: Math.round(mixed.r), g: Math.round(mixed.g), b: Math.round(mixed.b) };
  }
  return adjusted;
}

export function palette(primaryHex: string): Palette {
  const primary = parseHex(primaryHex) ?? parseHex(DEFAULT_THEME_COLOR) ?? BLACK;
  const readable = readableOnWhite(primary);
  return {
    primary: toHex(primary),
    lighter: Array.from({ length: 10 }, (_, i) => toHex(mix(primary, WHITE, (i + 1) * 0.08))),
    darker: toHex(mix(primary, BLACK, 0.2)),
    onPrimary: toHex(WHITE),
    primaryText: toHex(readable),
    // White text needs the same contrast on the fill as the fill's text needs on white.
    primarySolid: toHex(readable),
  };
}

/** The default theme's link colour: links of a red theme take it (see `isReddish`). */
const DEFAULT_LINK = '#3e70c1';

/**
 * antd's error and danger colour (danger links such as a table row's "Delete", error texts):
 * antd's own red-7, which reads on white and on a hovered table row (5.3:1); antd's default
 * #ff4d4f does not (3.3:1).
 */
export const DANGER_COLOUR = '#cf1322';

/**
 * A red primary colour (hue within 25 degrees of red, clearly saturated): a red theme. The
 * unread badge (red) and danger actions (antd's colorError, "Delete") are red too, so in a red
 * theme the header's badge turns white and links take the default blue, or neither could be told
 * apart from the theme colour.
 */
export function isReddish(hex: string): boolean {
  const rgb = parseHex(hex);
  if (!rgb) return false;
  const max = Math.max(rgb.r, rgb.g, rgb.b);
  const min = Math.min(rgb.r, rgb.g, rgb.b);
  if (max === 0 || (max - min) / max < 0.45 || max !== rgb.r) return false;
  const hue = (60 * (rgb.g - rgb.b)) / (max - min);
  return hue > -25 && hue < 25;
}

/** The CSS variables of a theme, set on the document root. */
export function cssVariables(theme: ResolvedTheme): Record<string, string> {
  const colours = palette(theme.primary);
  const red = isReddish(colours.primary);
  const variables: Record<string, string> = {
    '--edudesk-primary': colours.primary,
    '--edudesk-primary-dark-1': colours.darker,
    '--edudesk-on-primary': colours.onPrimary,
    '--edudesk-primary-text': colours.primaryText,
    '--edudesk-primary-solid': colours.primarySolid,
    // The header's unread badge: red, or white with red digits on a red header.
    '--edudesk-header-badge-fill': red ? '#ffffff' : '#d9363e',
    '--edudesk-header-badge-text': red ? '#b3121a' : '#ffffff',
  };
  colours.lighter.forEach((shade, index) => {
    variables[`--edudesk-primary-light-${String(index + 1)}`] = shade;
  });
  return variables;
}

/**
 * The antd theme of a theme: its tokens, and solid primary buttons filled with a colour their text
 * reads on (WCAG AA), darker on hover and press.
 */
export function antdTheme(theme: ResolvedTheme): {
  token: Record<string, string | number>;
  components: { Button: Record<string, string> };
} {
  const colours = palette(theme.primary);
  const solid = parseHex(colours.primarySolid) ?? BLACK;
  return {
    token: antdTokens(theme),
    components: {
      Button: {
        colorPrimary: colours.primarySolid,
        colorPrimaryHover: toHex(mix(solid, BLACK, 0.1)),
        colorPrimaryActive: toHex(mix(solid, BLACK, 0.2)),
        primaryColor: colours.onPrimary,
      },
    },
  };
}

/** The interface's font stack, defined once in ./fonts.css (`--edudesk-font-family`). */
export const UI_FONT_FAMILY = 'var(--edudesk-font-family)';

/** The antd design tokens of a theme. */
export function antdTokens(theme: ResolvedTheme): Record<string, string | number> {
  const colours = palette(theme.primary);
  const tokens: Record<string, string | number> = {
    colorPrimary: colours.primary,
    colorLink: isReddish(colours.primary) ? DEFAULT_LINK : colours.primaryText,
    colorInfo: colours.primary,
    colorError: DANGER_COLOUR,
    borderRadius: 6,
    fontFamily: UI_FONT_FAMILY,
  };
  if (theme.kind === 'designed' && theme.name === 'ink') {
    Object.assign(tokens, { fontFamily: `'KaiTi', 'STKaiti', ${UI_FONT_FAMILY}`, borderRadius: 2 });
  }
  if (theme.kind === 'designed' && theme.name === 'cartoon') {
    Object.assign(tokens, { borderRadius: 14 });
  }
  return tokens;
}

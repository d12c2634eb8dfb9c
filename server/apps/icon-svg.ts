import type { IconGlyph } from './icon-glyphs';

export const ICON_VARIANTS = ['', 'gray', 'cartoon'] as const;
export type IconVariant = (typeof ICON_VARIANTS)[number];

/** A colour mixed towards white (amount > 0) or black (amount < 0), as #rrggbb. */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount >= 0 ? 255 : 0;
  const weight = Math.abs(amount);
  return `#${channels
    .map((channel) => Math.round(channel + (target - channel) * weight))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48"';

/** The colour icon: a rounded tile in the application's colour, the glyph in white. */
function colourIcon(code: string, { color, glyph }: IconGlyph): string {
  const id = `g-${code}`;
  return (
    `${OPEN} role="img">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${shade(color, 0.28)}"/><stop offset="1" stop-color="${shade(color, -0.08)}"/>` +
    `</linearGradient></defs>` +
    `<rect x="2" y="2" width="44" height="44" rx="12" fill="url(#${id})"/>` +
    `<path d="M2 14a12 12 0 0 1 12-12h20a12 12 0 0 1 12 12v2C34 11 14 11 2 18z" fill="#fff" fill-opacity=".12"/>` +
    `<g fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>` +
    `</svg>`
  );
}

/** The gray icon (a disabled or unlicensed look): the same tile and glyph without colour. */
function grayIcon(code: string, { glyph }: IconGlyph): string {
  const id = `g-${code}-gray`;
  return (
    `${OPEN} role="img">` +
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#c9ced6"/><stop offset="1" stop-color="#9ca3af"/>` +
    `</linearGradient></defs>` +
    `<rect x="2" y="2" width="44" height="44" rx="12" fill="url(#${id})"/>` +
    `<g fill="none" stroke="#f8fafc" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>` +
    `</svg>`
  );
}

const INK = '#2d2a32';

/**
 * The cartoon icon (the stage theme): a pastel bubble with a thick ink outline and a drop
 * shadow, the glyph in ink over a coloured offset copy, and a shine and sparkle.
 */
function cartoonIcon({ color, glyph }: IconGlyph): string {
  return (
    `${OPEN} role="img">` +
    `<circle cx="25.5" cy="26.5" r="20" fill="${INK}" fill-opacity=".18"/>` +
    `<circle cx="24" cy="24.5" r="20" fill="${shade(color, 0.72)}" stroke="${INK}" stroke-width="2.2"/>` +
    `<g fill="none" stroke="${color}" stroke-width="4.2" stroke-linecap="round" stroke-linejoin="round" transform="translate(1 1.2)">${glyph}</g>` +
    `<g fill="none" stroke="${INK}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g>` +
    `<ellipse cx="15" cy="12.5" rx="5" ry="2.6" fill="#fff" fill-opacity=".85" transform="rotate(-30 15 12.5)"/>` +
    `<path d="M39 6.5l1 2.4 2.4 1-2.4 1-1 2.4-1-2.4-2.4-1 2.4-1z" fill="#FFD43B" stroke="${INK}" stroke-width=".8" stroke-linejoin="round"/>` +
    `</svg>`
  );
}

/** An application's icon in one of its three variants (spec §3 imgPath, imgGrayPath, imgCartoonPath). */
export function iconSvg(code: string, glyph: IconGlyph, variant: IconVariant): string {
  switch (variant) {
    case '':
      return colourIcon(code, glyph);
    case 'gray':
      return grayIcon(code, glyph);
    case 'cartoon':
      return cartoonIcon(glyph);
  }
}

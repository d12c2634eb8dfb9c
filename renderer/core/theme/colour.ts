/** Colour arithmetic for the theme engine: parse, mix, and WCAG contrast. Pure. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Parses #rgb or #rrggbb (case-insensitive); null for anything else. */
export function parseHex(value: string): Rgb | null {
  const match = HEX.exec(value.trim());
  if (!match?.[1]) return null;
  const short = match[1];
  // #rgb → #rrggbb: the digits are ASCII hex, one code unit each.
  const digits = short.length === 3 ? short.replace(/./g, (d) => d + d) : short;
  const n = Number.parseInt(digits, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `amount` of `other` mixed into `base` (0 = base, 1 = other). */
export function mix(base: Rgb, other: Rgb, amount: number): Rgb {
  const weight = Math.min(1, Math.max(0, amount));
  return {
    r: base.r + (other.r - base.r) * weight,
    g: base.g + (other.g - base.g) * weight,
    b: base.b + (other.b - base.b) * weight,
  };
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance. */
export function luminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

import { BADGE_COUNT_MAX } from '../../contract/host';

/**
 * The taskbar overlay's number (contract/host.ts setBadgeCount), drawn without native
 * dependencies: a 3×5 pixel font scaled into a red disc, as raw BGRA pixels for Electron's
 * nativeImage.createFromBitmap. The overlay shows at 16×16 logical pixels; the image is 32×32 at
 * scale factor 2, sharp on high-DPI screens and scaled down by Windows elsewhere.
 */

/** What the badge says: nothing at 0, the number up to BADGE_COUNT_MAX, then "99+". */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_COUNT_MAX ? `${String(BADGE_COUNT_MAX)}+` : String(Math.floor(count));
}

/** Each glyph: five rows of three pixels, '#' drawn. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['###', '#.#', '#.#', '#.#', '###'],
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['###', '..#', '###', '#..', '###'],
  '3': ['###', '..#', '###', '..#', '###'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '###', '..#', '###'],
  '6': ['###', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '..#', '..#', '..#'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '###'],
  '+': ['...', '.#.', '###', '.#.', '...'],
};

export const BADGE_SIZE = 32;
export const BADGE_SCALE_FACTOR = 2;

/** The label as a grid of pixels (true: drawn), one column of space between glyphs. */
export function labelPixels(label: string): boolean[][] {
  const rows: boolean[][] = [[], [], [], [], []];
  // Digits and '+' only (GLYPHS): one UTF-16 unit each.
  label.split('').forEach((char, index) => {
    const glyph = GLYPHS[char];
    if (!glyph) throw new RangeError(`No glyph for "${char}"`);
    rows.forEach((row, y) => {
      if (index > 0) row.push(false);
      for (const cell of glyph[y] ?? '') row.push(cell === '#');
    });
  });
  return rows;
}

const RED = [0x1f, 0x2f, 0xd9, 0xff] as const; // B, G, R, A: #d92f1f
const WHITE = [0xff, 0xff, 0xff, 0xff] as const;

/**
 * The badge for a label: BADGE_SIZE² BGRA pixels, a red disc with the label in white, centred,
 * as large as fits (one digit ×4, two ×3, "99+" ×2).
 */
export function renderBadge(label: string): Buffer {
  const size = BADGE_SIZE;
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      if ((x - centre) ** 2 + (y - centre) ** 2 <= radius ** 2) {
        pixels.set(RED, (y * size + x) * 4);
      }
    }
  }
  const grid = labelPixels(label);
  const width = grid[0]?.length ?? 0;
  const scale = Math.max(1, Math.min(4, Math.floor((size - 8) / width)));
  const left = Math.floor((size - width * scale) / 2);
  const top = Math.floor((size - grid.length * scale) / 2);
  grid.forEach((row, gy) => {
    row.forEach((on, gx) => {
      if (!on) return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const x = left + gx * scale + dx;
          const y = top + gy * scale + dy;
          pixels.set(WHITE, (y * size + x) * 4);
        }
      }
    });
  });
  return pixels;
}

import { describe, expect, it } from 'vitest';
import { BADGE_SIZE, badgeLabel, labelPixels, renderBadge } from './badge-image';

/** The image as text: '#' white, 'o' red, '.' transparent. */
function ascii(pixels: Buffer): string[] {
  const rows: string[] = [];
  for (let y = 0; y < BADGE_SIZE; y += 1) {
    let row = '';
    for (let x = 0; x < BADGE_SIZE; x += 1) {
      const [b, g, r, a] = pixels.subarray((y * BADGE_SIZE + x) * 4, (y * BADGE_SIZE + x) * 4 + 4);
      row += a === 0 ? '.' : r === 0xff && g === 0xff && b === 0xff ? '#' : 'o';
    }
    rows.push(row);
  }
  return rows;
}

describe('badgeLabel', () => {
  it('shows nothing at 0, the number up to 99, then "99+"', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(42)).toBe('42');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(1_000_000)).toBe('99+');
  });
});

describe('renderBadge', () => {
  it('draws the digits in white on a red disc with transparent corners', () => {
    const image = ascii(renderBadge('7'));
    expect(image).toHaveLength(BADGE_SIZE);
    expect(image[0]?.[0]).toBe('.');
    expect(image[BADGE_SIZE - 1]?.[BADGE_SIZE - 1]).toBe('.');
    // "7" at ×4: a 12-pixel top bar, then a 4-pixel stem at the right.
    const rows = image.filter((row) => row.includes('#'));
    expect(rows).toHaveLength(20);
    expect(rows[0]?.replace(/[^#]/g, '')).toHaveLength(12);
    expect(rows[10]?.replace(/[^#]/g, '')).toHaveLength(4);
    expect(rows[10]?.lastIndexOf('#')).toBe(rows[0]?.lastIndexOf('#'));
  });

  it('fits "99+" and two digits inside the disc, every white pixel on red', () => {
    for (const label of ['99+', '10', '8']) {
      const image = ascii(renderBadge(label));
      const white = image.join('').replace(/[^#]/g, '').length;
      const lit = labelPixels(label).flat().filter(Boolean).length;
      const scale = Math.sqrt(white / lit);
      expect(Number.isInteger(scale), label).toBe(true);
      for (const row of image) expect(row.startsWith('.') || !row.startsWith('#')).toBe(true);
    }
  });

  it('draws different numbers differently', () => {
    expect(renderBadge('1').equals(renderBadge('7'))).toBe(false);
    expect(() => renderBadge('x')).toThrow(RangeError);
  });
});

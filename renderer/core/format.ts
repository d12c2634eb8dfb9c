/** Small display rules shared by several features. Pure. */

/** The unread badge is capped at '99+' (spec §2, §9); zero and less show nothing. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** Screen size class (spec §4): above 1024 wide is pc, above 400 is ipad, otherwise mobile. */
export type ScreenClass = 'pc' | 'ipad' | 'mobile';

export function screenClass(width: number): ScreenClass {
  if (width > 1024) return 'pc';
  if (width > 400) return 'ipad';
  return 'mobile';
}

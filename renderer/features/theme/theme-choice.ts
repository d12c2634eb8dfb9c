import { isDesignedTheme, resolveTheme, type Layout } from '../../core/theme/theme-engine';

/**
 * What saving a theme choice does (spec §4): a colour change is applied live; any change that
 * involves a designed theme (ink, lotus, cartoon) or the layout reloads the page. Pure.
 */
export type ApplyMode = 'nothing' | 'live' | 'reload';

export function applyMode(
  before: { theme: string; layout: Layout },
  after: { theme: string; layout: Layout },
): ApplyMode {
  const from = resolveTheme(before.theme);
  const to = resolveTheme(after.theme);
  const sameTheme = from.kind === to.kind && from.primary === to.primary;
  if (sameTheme && before.layout === after.layout) return 'nothing';
  if (before.layout !== after.layout && !isDesignedTheme(after.theme)) return 'reload';
  return from.kind === 'colour' && to.kind === 'colour' ? 'live' : 'reload';
}

/** The theme payload's JSON string (spec §3: a JSON string with theme and lang). */
export function themePayload(theme: string, lang: string): string {
  return JSON.stringify({ theme, lang });
}

/**
 * Reads my_desktop/color (spec §7): a colour string, or JSON with theme and lang. Anything else
 * gives null (the page keeps its default theme).
 */
export function parseThemeAnswer(data: unknown): { theme: string; lang: string | null } | null {
  if (typeof data !== 'string' || data.trim() === '') return null;
  const text = data.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) return null;
      const { theme, lang } = parsed as Record<string, unknown>;
      if (typeof theme !== 'string' || theme === '') return null;
      return { theme, lang: typeof lang === 'string' && lang !== '' ? lang : null };
    } catch {
      return null;
    }
  }
  return { theme: text, lang: null };
}

import type { ThemeSetting } from '../../contract/desktop';
import { THEME_COLOR_PATTERN, THEME_NAMES } from '../../contract/desktop-codes';
import { isLangType } from '../../contract/languages';

const COLOR = new RegExp(THEME_COLOR_PATTERN);

function isTheme(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    ((THEME_NAMES as readonly string[]).includes(value) || COLOR.test(value))
  );
}

/**
 * The theme payload's `theme` JSON string (spec §3) checked and rewritten with only its known
 * fields: a theme name (ink, lotus, cartoon) or a colour, and an optional language. Undefined
 * when it is not one, so nothing unchecked is stored and handed to other users' pages.
 */
export function parseThemeSetting(json: string): ThemeSetting | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { theme, lang } = parsed as Record<string, unknown>;
  if (!isTheme(theme)) return undefined;
  if (lang === undefined || lang === '') return { theme };
  return isLangType(lang) ? { theme, lang } : undefined;
}

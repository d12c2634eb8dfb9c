import type { ResolvedTheme } from './theme-engine';

/** The common plugin CSS path of the theme stylesheets (spec §9 default theme path). */
export const DEFAULT_THEME_PATH = '/common/styles/1.2.0/';

/** The stylesheet of a theme: one per designed theme, one for every colour theme. */
export function themeStylesheetName(theme: ResolvedTheme): string {
  return theme.kind === 'designed' ? theme.name : 'color';
}

export function themeStylesheetHref(themePath: string, theme: ResolvedTheme): string {
  const base = themePath.endsWith('/') ? themePath : `${themePath}/`;
  return `${base}theme-${themeStylesheetName(theme)}.css`;
}

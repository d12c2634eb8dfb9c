/**
 * The theme stylesheets of the common plugin CSS path (spec §7, §9 default theme path
 * '/common/styles/1.2.0/'): one per designed theme and one for every colour theme. An
 * application links the one of the user's theme (PH does it) and styles itself with the
 * variables and classes below, so its own CSS follows the theme.
 */

export const THEME_STYLES_PREFIX = '/common/styles/';
/** The versions served; the spec's default is 1.2.0. */
export const THEME_STYLE_VERSIONS = ['1.2.0'] as const;

/** The designed themes' colours (spec §9). */
const DESIGNED: Record<string, string> = { ink: '#A9947F', lotus: '#68A265', cartoon: '#3ABAE8' };

/** The stylesheet file names: theme-ink.css, theme-lotus.css, theme-cartoon.css, theme-color.css. */
export const THEME_STYLE_FILES = [...Object.keys(DESIGNED), 'color'].map(
  (name) => `theme-${name}.css`,
);

/**
 * A theme's stylesheet. For a colour theme the colour comes from the page's own variables
 * (--edudesk-primary, set by the theme engine), so one file serves every colour.
 */
export function themeStylesheet(file: string): string | null {
  const match = /^theme-(ink|lotus|cartoon|color)\.css$/.exec(file);
  if (!match) return null;
  const name = match[1] ?? 'color';
  const primary = DESIGNED[name] ?? 'var(--edudesk-primary, #457cd6)';
  return `/* EduDesk theme: ${name} */
:root{--ph-theme:${name};--ph-primary:${primary};--ph-primary-light:color-mix(in srgb,var(--ph-primary) 12%,#fff);--ph-on-primary:var(--edudesk-on-primary,#fff)}
.ph-theme-primary{color:var(--edudesk-primary-text,var(--ph-primary))}
.ph-theme-bg{background:var(--ph-primary);color:var(--ph-on-primary)}
.ph-theme-soft{background:var(--ph-primary-light)}
.ph-theme-border{border-color:var(--ph-primary)}
.ph-app-header{border-bottom:3px solid var(--ph-primary)}
html.ph-content-only .ph-app-header,html.ph-content-only .ph-app-footer{display:none}
`;
}

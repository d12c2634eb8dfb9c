import type { LangType } from '../../contract/languages';
import type { MainTranslate } from '../i18n/main-i18n';
import type { ResolvedPreferences } from '../settings/preferences';
import type { FirstRunError } from './connect';

/**
 * The bundled pages served over app://edudesk/ (app-protocol.ts): the first-run page and the
 * offline page. Their HTML in resources/pages/ has `{{name}}` placeholders that main fills with
 * escaped text in the user's language; nothing else is served.
 */

/** URL path → file under the resources folder, and its type. */
export const LOCAL_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '/first-run.html': { file: 'pages/first-run.html', type: 'text/html; charset=utf-8' },
  '/offline.html': { file: 'pages/offline.html', type: 'text/html; charset=utf-8' },
  '/settings.html': { file: 'pages/settings.html', type: 'text/html; charset=utf-8' },
  // School networks (main/network/pages.ts).
  '/certificate.html': { file: 'pages/certificate.html', type: 'text/html; charset=utf-8' },
  '/proxy-login.html': { file: 'pages/proxy-login.html', type: 'text/html; charset=utf-8' },
  '/pages.css': { file: 'pages/pages.css', type: 'text/css; charset=utf-8' },
  '/icon.png': { file: 'icons/icon.png', type: 'image/png' },
};

/**
 * The CSP of the bundled pages: their own style and image, a form to themselves, and no script
 * at all (main renders every state, even "checking the server").
 */
export const LOCAL_PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Fills every `{{name}}` with the escaped value; a placeholder without a value becomes empty. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) =>
    escapeHtml(values[name] ?? ''),
  );
}

const MAX_SHOWN = 300;
const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text);

export function firstRunValues(
  t: MainTranslate,
  lang: LangType,
  state: {
    error?: FirstRunError | undefined;
    value?: string | undefined;
    /** Main is checking the server: the form is shown read-only with "Checking the server…". */
    checking?: boolean | undefined;
  },
): Record<string, string> {
  const values: Record<string, string> = { lang, value: clip(state.value ?? '') };
  for (const key of ['title', 'heading', 'intro', 'label', 'placeholder', 'hint', 'languages']) {
    values[key] = t(`main.firstRun.${key}`);
  }
  const checking = state.checking === true;
  values.submit = t(checking ? 'main.firstRun.checking' : 'main.firstRun.submit');
  values.readonly = checking ? 'readonly' : '';
  values.disabled = checking ? 'disabled' : '';
  values.error = state.error && !checking ? t(`main.firstRun.errors.${state.error}`) : '';
  values.invalid = values.error === '' ? 'false' : 'true';
  return values;
}

export function offlineValues(
  t: MainTranslate,
  lang: LangType,
  state: { server: string; error: string; canChangeServer: boolean },
): Record<string, string> {
  return {
    lang,
    title: t('main.offline.title'),
    heading: t('main.offline.heading'),
    body: t('main.offline.body', { server: clip(state.server) }),
    detail: t('main.offline.detail', { error: clip(state.error) }),
    retry: t('main.offline.retry'),
    changeServer: t('main.offline.changeServer'),
    changeServerHidden: state.canChangeServer ? '' : 'hidden',
  };
}

/**
 * The Settings page (main/settings/preferences.ts): each setting as it is now, an enforced one
 * disabled with "Set by your administrator", and "Saved." after a save.
 */
export function settingsValues(
  t: MainTranslate,
  lang: LangType,
  preferences: ResolvedPreferences,
  saved: boolean,
): Record<string, string> {
  const { values, locked } = preferences;
  const page: Record<string, string> = { lang };
  for (const key of [
    'title',
    'heading',
    'notifications',
    'closeToTray',
    'startAtLogin',
    'startOff',
    'startShown',
    'startHidden',
    'locked',
    'save',
  ]) {
    page[key] = t(`main.settings.${key}`);
  }
  page.languages = t('main.firstRun.languages');
  page.saved = saved ? t('main.settings.saved') : '';
  const checked = (on: boolean) => (on ? 'checked' : '');
  page.notificationsChecked = checked(values.notifications);
  page.closeToTrayChecked = checked(values.closeToTray);
  page.startOffChecked = checked(values.startAtLogin === 'off');
  page.startShownChecked = checked(values.startAtLogin === 'shown');
  page.startHiddenChecked = checked(values.startAtLogin === 'hidden');
  for (const name of ['notifications', 'closeToTray', 'startAtLogin'] as const) {
    page[`${name}Disabled`] = locked[name] ? 'disabled' : '';
    page[`${name}LockedHidden`] = locked[name] ? '' : 'hidden';
  }
  return page;
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isLangType, type LangType } from '../../contract/languages';
import type { MainTranslate } from '../i18n/main-i18n';
import type { ResolvedPreferences } from '../settings/preferences';
import { APP_HOST, APP_SCHEME } from '../windows/url-policy';
import { isFirstRunError } from './connect';
import {
  fillTemplate,
  firstRunValues,
  LOCAL_FILES,
  LOCAL_PAGE_CSP,
  offlineValues,
  settingsValues,
} from './local-pages';

/**
 * The app:// scheme's privileges (registered before the app is ready): a standard, secure origin
 * so the bundled pages get a real origin and a CSP, without fetch, CORS or service workers.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true },
} as const;

export interface AppProtocolDeps {
  /** The folder holding pages/ and icons/ (the app's resources/ folder). */
  resourcesDir: string;
  /** The language when a page names none. */
  language(): LangType;
  translate(lang: LangType): MainTranslate;
  /** The offline page's server and error, and whether the user may change the server. */
  offlineState(): { server: string; error: string; canChangeServer: boolean };
  /** The Settings page's values and which are locked by policy (settings/preferences.ts). */
  preferences(): ResolvedPreferences;
  /** Other pages' values by path (main/network/pages.ts); null: the page has nothing to show. */
  pages?: Readonly<Record<string, PageValues>>;
}

export type PageValues = (
  t: MainTranslate,
  lang: LangType,
  params: URLSearchParams,
) => Record<string, string> | null;

const COMMON_HEADERS = {
  'content-security-policy': LOCAL_PAGE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
  });
}

/**
 * Serves app://edudesk/: a fixed list of files (no path from the URL ever reaches the file
 * system), the two HTML pages filled with escaped text. GET only, no side effects: the pages'
 * actions (connect, retry, change server) are navigations main intercepts in the page's own
 * window (navigation-guard.ts), so no other page can trigger them by loading a URL.
 */
export function createAppProtocolHandler(
  deps: AppProtocolDeps,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'Bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) {
      return plain(404, 'Not found');
    }
    const entry = LOCAL_FILES[url.pathname];
    if (!entry) return plain(404, 'Not found');
    let body: Buffer;
    try {
      body = await readFile(path.join(deps.resourcesDir, entry.file));
    } catch {
      return plain(404, 'Not found');
    }
    const headers = { ...COMMON_HEADERS, 'content-type': entry.type };
    const requested = url.searchParams.get('lang');
    const lang = isLangType(requested) ? requested : deps.language();
    const page = deps.pages?.[url.pathname];
    if (page) {
      const values = page(deps.translate(lang), lang, url.searchParams);
      if (!values) return plain(404, 'Not found');
      return new Response(fillTemplate(body.toString('utf8'), values), { status: 200, headers });
    }
    if (url.pathname === '/settings.html') {
      const values = settingsValues(
        deps.translate(lang),
        lang,
        deps.preferences(),
        url.searchParams.get('saved') === '1',
      );
      return new Response(fillTemplate(body.toString('utf8'), values), { status: 200, headers });
    }
    if (url.pathname === '/first-run.html' || url.pathname === '/offline.html') {
      const t = deps.translate(lang);
      const error = url.searchParams.get('error');
      const values =
        url.pathname === '/first-run.html'
          ? firstRunValues(t, lang, {
              error: isFirstRunError(error) ? error : undefined,
              value: url.searchParams.get('value') ?? undefined,
              checking: url.searchParams.get('checking') === '1',
            })
          : offlineValues(t, lang, deps.offlineState());
      return new Response(fillTemplate(body.toString('utf8'), values), { status: 200, headers });
    }
    return new Response(new Uint8Array(body), { status: 200, headers });
  };
}

/** The first-run page's URL, with an error to show and the address to show again. */
export function firstRunUrl(
  state: { lang?: string; error?: string; value?: string; checking?: '1' } = {},
): string {
  const url = new URL(`${APP_SCHEME}://${APP_HOST}/first-run.html`);
  for (const key of ['lang', 'error', 'value', 'checking'] as const) {
    const value = state[key];
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  return url.href;
}

export const OFFLINE_URL = `${APP_SCHEME}://${APP_HOST}/offline.html`;

/** The Settings page's URL; `saved` shows "Saved." after the form was sent. */
export function settingsUrl(lang: string, saved = false): string {
  const url = new URL(`${APP_SCHEME}://${APP_HOST}/settings.html`);
  url.searchParams.set('lang', lang);
  if (saved) url.searchParams.set('saved', '1');
  return url.href;
}

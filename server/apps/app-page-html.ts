import { appIconPath, phModulePath } from '../../contract/api-paths';
import type { IdPath, PageDevice } from './app-urls';
import { APP_PAGE_TEXTS, type AppPageTextKey } from './app-page-assets';
import { escapeHtml } from './html-escape';
import { PRODUCT_VERSION } from './version-data';

/** The shared script and style of every application page (server/apps/app-page-assets.ts). */
export const APP_PAGE_SCRIPT_PATH = '/common/apps/app-page.js';
export const APP_PAGE_STYLE_PATH = '/common/apps/app-page.css';

export interface AppPage {
  code: string;
  serverId: string;
  zname: string;
  englishName: string;
  idPath: IdPath;
  device: PageDevice;
  desktopUrl: string;
}

/**
 * The page of a demo application that has no page of its own yet: its name and icon, "coming
 * soon, provided by your platform" in the user's language, who is signed in (the page script asks
 * /api/uaa/oauth/me), the way back to the desktop, and the licence check, which covers the page
 * with the blocking text when the unit is not licensed. PH starts under the message and checks
 * the page's route against the permitted menu list (spec §6). No inline script: the CSP allows
 * 'self' only.
 */
export function renderAppPage(page: AppPage): string {
  const name = escapeHtml(page.zname);
  const english = escapeHtml(page.englishName);
  const icon = appIconPath(page.code);
  const desktop = escapeHtml(page.desktopUrl);
  // The zh-CN texts; the page script shows the page's language (server/apps/app-page-assets.ts).
  const text = (key: AppPageTextKey) =>
    `<span data-i18n="${key}">${escapeHtml(APP_PAGE_TEXTS['zh-CN'][key])}</span>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} · EduDesk</title>
<link rel="icon" href="${icon}" type="image/svg+xml">
<link rel="stylesheet" href="${APP_PAGE_STYLE_PATH}">
</head>
<body class="app-page app-page--${page.device}" data-app-code="${escapeHtml(page.code)}" data-server-id="${escapeHtml(page.serverId)}" data-name="${name}" data-english-name="${english}">
<header class="app-page__header">
<img class="app-page__icon" src="${icon}" alt="" width="40" height="40">
<h1 class="app-page__title" data-app-name>${name}</h1>
<a class="app-page__back" href="${desktop}" data-shell-only data-i18n="back">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].back)}</a>
</header>
<main class="app-page__main">
<section class="app-page__soon" aria-labelledby="soon-title">
<img class="app-page__soon-icon" src="${icon}" alt="" width="88" height="88">
<h2 id="soon-title" data-i18n="soonTitle">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].soonTitle)}</h2>
<p class="app-page__soon-text">${text('soonText')}</p>
<div id="app-ph" class="app-page__ph" data-ph="${escapeHtml(phModulePath(PRODUCT_VERSION))}"><div id="app-ph-root"></div></div>
<p id="app-user" class="app-page__user" aria-live="polite">${text('loading')}</p>
<a class="app-page__home" href="${desktop}" data-shell-only data-i18n="back">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].back)}</a>
</section>
</main>
<div id="app-blocked" class="app-page__blocked" role="alertdialog" aria-modal="true" aria-labelledby="app-blocked-text" hidden>
<div class="app-page__blocked-box"><p id="app-blocked-text">${text('expired')}</p></div>
</div>
<script src="${APP_PAGE_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

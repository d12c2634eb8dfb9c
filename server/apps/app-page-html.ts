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
 * A small, real application page: the application's name and icon, who is signed in
 * (the page script asks /api/uaa/oauth/me) and the licence check, which covers the page with
 * the blocking text when the unit is not licensed. No inline script: the CSP allows 'self' only.
 */
export function renderAppPage(page: AppPage): string {
  const name = escapeHtml(page.zname);
  const english = escapeHtml(page.englishName);
  // The zh-CN texts; the page script shows the page's language (server/apps/app-page-assets.ts).
  const text = (key: AppPageTextKey) =>
    `<span data-i18n="${key}">${escapeHtml(APP_PAGE_TEXTS['zh-CN'][key])}</span>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} · EduDesk</title>
<link rel="icon" href="${appIconPath(page.code)}" type="image/svg+xml">
<link rel="stylesheet" href="${APP_PAGE_STYLE_PATH}">
</head>
<body class="app-page app-page--${page.device}" data-app-code="${escapeHtml(page.code)}" data-server-id="${escapeHtml(page.serverId)}">
<header class="app-page__header">
<img class="app-page__icon" src="${appIconPath(page.code)}" alt="" width="48" height="48">
<div>
<h1 class="app-page__title">${name}</h1>
<p class="app-page__subtitle" lang="en">${english}</p>
</div>
<a class="app-page__back" href="${escapeHtml(page.desktopUrl)}" data-shell-only data-i18n="back">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].back)}</a>
</header>
<main class="app-page__main">
<section class="app-page__card" aria-labelledby="who">
<h2 id="who">${text('signedInAs')}</h2>
<p id="app-user" aria-live="polite">${text('loading')}</p>
</section>
<section class="app-page__card" aria-labelledby="about">
<h2 id="about">${text('aboutPage')}</h2>
<p>${text(`idPath.${page.idPath}`)}</p>
<p>${text('module')}: <code>${escapeHtml(page.serverId)}</code> · ${text('app')}: <code>${escapeHtml(page.code)}</code></p>
</section>
<section class="app-page__card" id="app-ph" data-ph="${escapeHtml(phModulePath(PRODUCT_VERSION))}" aria-labelledby="ph-title">
<h2 id="ph-title">${text('sharedLayer')}</h2>
<div id="app-ph-root"></div>
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

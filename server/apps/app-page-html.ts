import { appIconPath, phModulePath } from '../../contract/api-paths';
import type { IdPath, PageDevice } from './app-urls';
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

const ID_PATH_TEXT: Record<IdPath, [zh: string, en: string]> = {
  pre: ['本应用的专用页面（pre）', 'the page made for your user type (pre)'],
  spm: ['区域及家长页面（spm）', 'the area and parent page (spm)'],
  tm: ['通用页面（tm）', 'the general page (tm)'],
};

/**
 * A small, real application page (issue 3): the application's name and icon, who is signed in
 * (the page script asks /api/uaa/oauth/me) and the licence check, which covers the page with
 * the blocking text when the unit is not licensed. No inline script: the CSP allows 'self' only.
 */
export function renderAppPage(page: AppPage): string {
  const name = escapeHtml(page.zname);
  const english = escapeHtml(page.englishName);
  const [idZh, idEn] = ID_PATH_TEXT[page.idPath];
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
<a class="app-page__back" href="${escapeHtml(page.desktopUrl)}">返回桌面 <span lang="en">Back to desktop</span></a>
</header>
<main class="app-page__main">
<section class="app-page__card" aria-labelledby="who">
<h2 id="who">当前用户 <span lang="en">Signed in as</span></h2>
<p id="app-user" aria-live="polite">正在读取… <span lang="en">Loading…</span></p>
</section>
<section class="app-page__card" aria-labelledby="about">
<h2 id="about">关于本页 <span lang="en">About this page</span></h2>
<p>您打开的是${escapeHtml(idZh)}。 <span lang="en">You opened ${escapeHtml(idEn)}.</span></p>
<p>模块 <span lang="en">Module</span>: <code>${escapeHtml(page.serverId)}</code> · 应用 <span lang="en">App</span>: <code>${escapeHtml(page.code)}</code></p>
</section>
<section class="app-page__card" id="app-ph" data-ph="${escapeHtml(phModulePath(PRODUCT_VERSION))}" aria-labelledby="ph-title">
<h2 id="ph-title">共享层 <span lang="en">Shared layer (PH)</span></h2>
<div id="app-ph-root"></div>
</section>
</main>
<div id="app-blocked" class="app-page__blocked" role="alertdialog" aria-modal="true" aria-labelledby="app-blocked-text" hidden>
<div class="app-page__blocked-box"><p id="app-blocked-text">该模块已到期，请联系管理员！</p><p lang="en">This module has expired. Please contact your administrator.</p></div>
</div>
<script src="${APP_PAGE_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

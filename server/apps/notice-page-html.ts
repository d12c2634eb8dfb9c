import { appIconPath, phModulePath } from '../../contract/api-paths';
import { APP_PAGE_SCRIPT_PATH, type AppPage } from './app-page-html';
import { APP_PAGE_TEXTS } from './app-page-assets';
import { escapeHtml } from './html-escape';
import { PRODUCT_VERSION } from './version-data';

/** The notice application's bundle (vite.apps.config.ts), served from the web build. */
export const NOTICE_APP_SCRIPT_PATH = '/common/apps/notices/notices.js';

const STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:var(--edudesk-font-family,system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif);background:#f4f6fa;color:#1f2d3d}
.notices{max-width:1600px;margin:0 auto;padding:16px 24px}
.notices--mobile{padding:8px 12px}
.notices-header{display:flex;align-items:center;gap:16px;flex-wrap:wrap;padding:0 0 12px;margin-bottom:16px}
.notices-header h1{margin:0;font-size:22px;margin-inline-end:auto}
.notices--mobile .notices-header h1{font-size:18px}
.notices-main{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 4px rgba(15,23,42,.08)}
.notices--mobile .notices-main{padding:8px}
.notices-charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:16px;margin-top:16px}
.notices--mobile .notices-filters .ant-input-search{width:100%!important}
.notice-detail__title{display:none}
.notice-detail__meta{color:#5c6b7a}
.notices-loading{padding:48px;text-align:center;color:#5c6b7a}
.notices-bar{display:flex;max-width:1600px;margin:0 auto;padding:16px 24px 0}
.app-page--mobile .notices-bar{padding-inline:12px}
.app-page__back{display:inline-flex;align-items:center;gap:6px;height:32px;padding:0 14px;border:1px solid #d0d7e2;border-radius:6px;background:#fff;color:#1f2d3d;text-decoration:none;font-size:14px;white-space:nowrap}
.app-page__back::before{content:"";width:7px;height:7px;border-left:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg)}
.app-page__back:hover,.app-page__back:focus-visible{border-color:#3a63ad;color:#3a63ad;outline:none}
.app-page--content .notices-bar{display:none}
.language-switcher{display:inline-flex;align-items:center;gap:6px;color:#5c6b7a}
.language-switcher select{height:32px;padding:0 8px;font:inherit;font-size:14px;color:#1f2d3d;background:#fff;border:1px solid #d0d7e2;border-radius:6px;cursor:pointer}
.language-switcher select:hover,.language-switcher select:focus-visible{border-color:#3a63ad;outline:none}
.language-switcher select:focus-visible{box-shadow:0 0 0 2px rgba(58,99,173,.25)}
.app-page__blocked{position:fixed;inset:0;z-index:3000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.6)}
.app-page__blocked[hidden]{display:none}
.app-page__blocked-box{background:#fff;border-radius:8px;padding:32px 40px;text-align:center;font-size:18px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:600px){.notices-charts{grid-template-columns:1fr}}`;

/**
 * The notice application's page: an empty root the bundle fills. The bundle loads
 * PH from the URL on the root (data-ph), as a platform application does. The shared page
 * script keeps doing the licence check of every application page (the blocking dialog).
 */
export function renderNoticePage(page: AppPage): string {
  const name = escapeHtml(page.zname);
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<link rel="icon" href="${appIconPath(page.code)}" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body class="app-page--${page.device}" data-app-code="${escapeHtml(page.code)}" data-server-id="${escapeHtml(page.serverId)}" data-device="${page.device}">
<nav class="notices-bar" aria-label="EduDesk" data-shell-only><a class="app-page__back" href="${escapeHtml(page.desktopUrl)}" data-i18n="back">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].back)}</a></nav>
<div id="notices-root" data-ph="${escapeHtml(phModulePath(PRODUCT_VERSION))}"><p class="notices-loading" role="status" data-i18n="loading">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].loading)}</p></div>
<div id="app-blocked" class="app-page__blocked" role="alertdialog" aria-modal="true" aria-labelledby="app-blocked-text" hidden>
<div class="app-page__blocked-box"><p id="app-blocked-text" data-i18n="expired">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].expired)}</p></div>
</div>
<script src="${APP_PAGE_SCRIPT_PATH}"></script>
<script type="module" src="${NOTICE_APP_SCRIPT_PATH}"></script>
</body>
</html>
`;
}

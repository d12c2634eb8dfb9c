import { appIconPath, phModulePath } from '../../contract/api-paths';
import { APP_PAGE_SCRIPT_PATH, type AppPage } from './app-page-html';
import { APP_PAGE_TEXTS } from './app-page-assets';
import { escapeHtml } from './html-escape';
import { PRODUCT_VERSION } from './version-data';

/**
 * The base styles of an application's own page: the body, the way back to the desktop (a button
 * with an arrow) and the licence cover, and the template's layout classes (`app`, `app-header`,
 * `app-title`, `app-main`, `app-toolbar`: renderer/apps/_template/main.tsx). The application
 * styles the rest (Notices: renderer/apps/notices/notices.css); PH brings antd's styles, its
 * widgets' (the language switcher: renderer/ph/ph-page.css) and the theme stylesheet (docs/ph.md
 * "The rules").
 */
const STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:var(--edudesk-font-family,system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif);background:#f4f6fa;color:#1f2d3d}
.app-bar{display:flex;max-width:1600px;margin:0 auto;padding:16px 24px 0}
.app-page__back{display:inline-flex;align-items:center;gap:6px;height:32px;padding:0 14px;border:1px solid #d0d7e2;border-radius:6px;background:#fff;color:#1f2d3d;text-decoration:none;font-size:14px;white-space:nowrap}
.app-page__back::before{content:"";width:7px;height:7px;border-left:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg)}
.app-page__back:hover,.app-page__back:focus-visible{border-color:#3a63ad;color:#3a63ad;outline:none}
.app-page--content .app-bar{display:none}
.app-loading{padding:48px;text-align:center;color:#5c6b7a}
.app{max-width:1600px;margin:0 auto;padding:16px 24px}
.app-header{display:flex;align-items:center;gap:16px;flex-wrap:wrap;padding:0 0 12px;margin-bottom:16px}
.app-title{margin:0;font-size:22px;margin-inline-end:auto}
.app-main{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 4px rgba(15,23,42,.08)}
.app-toolbar{margin-bottom:12px}
.app-page__blocked{position:fixed;inset:0;z-index:3000;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.6)}
.app-page__blocked[hidden]{display:none}
.app-page__blocked-box{background:#fff;border-radius:8px;padding:32px 40px;text-align:center;font-size:18px}`;

/**
 * The page of an application of the web build (renderer/apps/<folder>/: Notices, and those
 * registered from their app.json): an empty root (`#app-root`) the bundle at `script` fills, with
 * PH's URL on it (`data-ph`) and the page's id path (`data-id-path`: pre, tm or spm). The shared
 * page script does the licence check.
 */
export function renderBundlePage(page: AppPage, script: string): string {
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
<body class="app-page--${page.device}" data-app-code="${escapeHtml(page.code)}" data-server-id="${escapeHtml(page.serverId)}" data-device="${page.device}" data-id-path="${page.idPath}">
<nav class="app-bar" aria-label="EduDesk" data-shell-only><a class="app-page__back" href="${escapeHtml(page.desktopUrl)}" data-i18n="back">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].back)}</a></nav>
<div id="app-root" data-ph="${escapeHtml(phModulePath(PRODUCT_VERSION))}"><p class="app-loading" role="status" data-i18n="loading">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].loading)}</p></div>
<div id="app-blocked" class="app-page__blocked" role="alertdialog" aria-modal="true" aria-labelledby="app-blocked-text" hidden>
<div class="app-page__blocked-box"><p id="app-blocked-text" data-i18n="expired">${escapeHtml(APP_PAGE_TEXTS['zh-CN'].expired)}</p></div>
</div>
<script src="${APP_PAGE_SCRIPT_PATH}"></script>
<script type="module" src="${escapeHtml(script)}"></script>
</body>
</html>
`;
}

/**
 * The icon glyph of an application of the web build: the first character of its name, drawn in
 * outline with the frame's stroke like the other glyphs (server/apps/icon-glyphs.ts).
 */
export function letterGlyph(name: string, color: string): { color: string; glyph: string } {
  const letter = escapeHtml(Array.from(name)[0] ?? '?');
  return {
    color,
    glyph: `<text x="24" y="31.5" font-size="20" font-weight="600" text-anchor="middle" stroke-width="1.2" font-family="'Microsoft YaHei',sans-serif">${letter}</text>`,
  };
}

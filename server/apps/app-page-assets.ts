/**
 * The script and style shared by the application pages. Plain browser code, served as is (no
 * build step): the pages must work without the web build.
 */

/**
 * The application pages' own texts (server/apps/app-page-html.ts, notice-page-html.ts): an
 * element with data-i18n="key" shows its text in the page's language. zh-CN is also in the HTML.
 */
export const APP_PAGE_TEXTS = {
  'zh-CN': {
    back: '返回桌面',
    signedInAs: '当前用户',
    loading: '正在读取…',
    aboutPage: '关于本页',
    'idPath.pre': '您打开的是本应用为您的用户类型准备的页面（pre）。',
    'idPath.spm': '您打开的是区域及家长页面（spm）。',
    'idPath.tm': '您打开的是通用页面（tm）。',
    module: '模块',
    app: '应用',
    sharedLayer: '共享层（PH）',
    appStart: '应用首页',
    page: '页面',
    delete: '删除',
    notSignedIn: '未登录，请先从桌面登录',
    unreachable: '无法连接服务器',
    expired: '该模块已到期，请联系管理员！',
  },
  'zh-HK': {
    back: '返回桌面',
    signedInAs: '當前用戶',
    loading: '正在讀取…',
    aboutPage: '關於本頁',
    'idPath.pre': '您打開的是本應用為您的用戶類型準備的頁面（pre）。',
    'idPath.spm': '您打開的是區域及家長頁面（spm）。',
    'idPath.tm': '您打開的是通用頁面（tm）。',
    module: '模塊',
    app: '應用',
    sharedLayer: '共享層（PH）',
    appStart: '應用首頁',
    page: '頁面',
    delete: '刪除',
    notSignedIn: '未登錄，請先從桌面登錄',
    unreachable: '無法連接服務器',
    expired: '該模塊已到期，請聯繫管理員！',
  },
  en: {
    back: 'Back to desktop',
    signedInAs: 'Signed in as',
    loading: 'Loading…',
    aboutPage: 'About this page',
    'idPath.pre': 'You opened the page made for your user type (pre).',
    'idPath.spm': 'You opened the area and parent page (spm).',
    'idPath.tm': 'You opened the general page (tm).',
    module: 'Module',
    app: 'App',
    sharedLayer: 'Shared layer (PH)',
    appStart: 'App start',
    page: 'Page',
    delete: 'Delete',
    notSignedIn: 'Not signed in: sign in from the desktop first',
    unreachable: 'The server cannot be reached',
    expired: 'This module has expired. Please contact your administrator.',
  },
} as const;

export type AppPageTextKey = keyof (typeof APP_PAGE_TEXTS)['zh-CN'];

export const APP_PAGE_SCRIPT = `(() => {
  'use strict';
  const body = document.body;
  const root = document.documentElement;
  const userLine = document.getElementById('app-user');
  const blocked = document.getElementById('app-blocked');
  const getJson = (url) =>
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
      (response) => response.json(),
    );
  // The page's texts in the three languages (docs/i18n.md); the HTML carries the zh-CN ones.
  const TEXTS = ${JSON.stringify(APP_PAGE_TEXTS)};
  const LANGS = Object.keys(TEXTS);
  const normalise = (value) => {
    if (typeof value !== 'string') return null;
    const wanted = value.trim().replace('_', '-').toLowerCase();
    return LANGS.find((lang) => lang.toLowerCase() === wanted) || null;
  };
  const hashMark = location.hash.indexOf('?');
  const hashQuery = new URLSearchParams(hashMark < 0 ? '' : location.hash.slice(hashMark + 1));
  const query = new URLSearchParams(location.search);
  const param = (name) => query.get(name) ?? hashQuery.get(name);
  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  // Spec §9: the lang (or language) query parameter, then lange_, then lang, then zh-CN.
  let lang =
    [param('lang'), param('language'), stored('lange_'), stored('lang')]
      .map(normalise)
      .find(Boolean) || 'zh-CN';
  const text = (key) => TEXTS[lang][key] ?? TEXTS['zh-CN'][key] ?? '';
  let userText = null;
  const translate = () => {
    for (const element of document.querySelectorAll('[data-i18n]')) {
      element.textContent = text(element.dataset.i18n);
    }
    if (userLine && userText !== null) userLine.textContent = userText();
  };
  const show = (render) => {
    userText = render;
    if (userLine) userLine.textContent = render();
  };
  // pagemodel=content (spec §2): the content only, without the way back to the desktop.
  const contentOnly = param('pagemodel') === 'content';
  root.classList.toggle('app-page--content', contentOnly);
  for (const element of document.querySelectorAll('[data-shell-only]')) element.hidden = contentOnly;
  if (root.lang !== lang) root.lang = lang;
  translate();
  // A page whose language changes without a reload (PH's switcher sets <html lang>) follows it.
  new MutationObserver(() => {
    const next = normalise(root.lang);
    if (next && next !== lang) {
      lang = next;
      translate();
    }
  }).observe(root, { attributes: true, attributeFilter: ['lang'] });
  // The shared layer (PH) as a platform application uses it: its routes checked against the
  // permitted menu list, an element shown only with its permission code, and the upload panel.
  const phSection = document.getElementById('app-ph');
  const startPh = () => {
    const phUrl = phSection && phSection.dataset.ph;
    if (!phUrl) return;
    import(phUrl)
      .then(async (module) => {
        const PH = module.default;
        const code = body.dataset.appCode || '';
        const context = await PH.init({ code: code, appCode: code });
        const h = PH.createElement;
        const routes = [{ path: '/', element: h('p', null, text('appStart')) }].concat(
          Array.from(PH.hooks.usePermissions.getState().routes).map((route) => ({
            path: '/' + route,
            element: h('p', null, text('page') + ' /' + route),
          })),
        );
        const queue = PH.upload.pageQueue(context.user ? context.user.userId : 'guest');
        const Demo = () =>
          h(
            'div',
            { className: 'app-page__ph' },
            h(PH.ui.RouteOutlet, {
              path: PH.route.hashRoute(PH.hooks.useHash()),
              routes: routes,
              checkMenuList: true,
              homeHref: '#/',
            }),
            h(
              PH.ui.Access,
              { code: code + '_delete' },
              h('button', { type: 'button', className: 'app-page__button app-page__button--danger' }, text('delete')),
            ),
            h(PH.ui.UploadPanel, { queue: queue }),
          );
        PH.mount(document.getElementById('app-ph-root'), h(Demo));
      })
      .catch(() => {
        phSection.hidden = true;
      });
  };
  getJson('/api/uaa/oauth/me')
    .then((answer) => {
      if (!answer || answer.status !== 200 || !answer.data) {
        show(() => text('notSignedIn'));
        return undefined;
      }
      const me = answer.data;
      // The unit by its English name in English (spec §2 page header).
      show(() => me.realName + ' · ' + (lang === 'en' && me.unitEnName ? me.unitEnName : me.unitName));
      startPh();
      const query = new URLSearchParams({ unitId: me.unitId, serverId: body.dataset.serverId || '' });
      return getJson('/api/base/license/unit?' + query.toString()).then((licence) => {
        // Not licensed or expired: the page is covered and cannot be used (spec §6).
        if (licence && licence.status === 200 && licence.data === false && blocked) {
          blocked.hidden = false;
        }
      });
    })
    .catch(() => show(() => text('unreachable')));
})();
`;

export const APP_PAGE_STYLE = `*{box-sizing:border-box}
body.app-page{margin:0;min-height:100vh;font-family:var(--edudesk-font-family,system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif);background:#f4f6fa;color:#1f2d3d}
.app-page__header{display:flex;align-items:center;gap:16px;padding:16px 24px;background:#fff;box-shadow:0 1px 4px rgba(15,23,42,.08)}
.app-page__back{display:inline-flex;align-items:center;gap:6px;height:32px;padding:0 14px;border:1px solid #d0d7e2;border-radius:6px;background:#fff;color:#1f2d3d;text-decoration:none;font-size:14px;white-space:nowrap}
.app-page__back::before{content:"";width:7px;height:7px;border-left:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg)}
.app-page__back:hover,.app-page__back:focus-visible{border-color:#2f5fb3;color:#2f5fb3;outline:none}
.app-page__back[hidden]{display:none}
.app-page__button{justify-self:start;display:inline-flex;align-items:center;height:32px;padding:0 15px;border:1px solid #d0d7e2;border-radius:6px;background:#fff;color:#1f2d3d;font:inherit;font-size:14px;cursor:pointer}
.app-page__button--danger{border-color:#f5a3a3;color:#c4161c}
.app-page__button--danger:hover,.app-page__button--danger:focus-visible{border-color:#c4161c;background:#fff1f0;outline:none}
.app-page__title{margin:0;font-size:20px}
.app-page__subtitle{margin:2px 0 0;color:#5b6472;font-size:14px}
.app-page__header .app-page__back{margin-left:auto}
.app-page__main{display:grid;gap:16px;max-width:880px;margin:24px auto;padding:0 24px}
.app-page__card{background:#fff;border-radius:8px;padding:16px 20px;box-shadow:0 1px 3px rgba(15,23,42,.06)}
.app-page__card h2{margin:0 0 8px;font-size:16px}
.app-page__card p{margin:6px 0;line-height:1.6}
.app-page--mobile .app-page__header{flex-wrap:wrap;padding:12px 16px}
.app-page--mobile .app-page__main{margin:16px auto;padding:0 12px}
.app-page__blocked{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55);z-index:1500}
.app-page__blocked[hidden]{display:none}
.app-page__blocked-box{background:#fff;border-radius:8px;padding:24px 32px;text-align:center;font-size:16px;max-width:90vw}
.app-page__blocked-box p{margin:6px 0}
.app-page__ph{display:grid;gap:12px}
`;

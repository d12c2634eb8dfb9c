/**
 * The script and style shared by the application pages. Plain browser code, served as is (no
 * build step): the pages must work without the web build.
 */

/**
 * The application pages' own texts (server/apps/app-page-html.ts, bundle-page-html.ts): an
 * element with data-i18n="key" shows its text in the page's language. zh-CN is also in the HTML.
 */
export const APP_PAGE_TEXTS = {
  'zh-CN': {
    back: '返回桌面',
    signedInAs: '当前用户',
    loading: '正在读取…',
    soonTitle: '即将上线',
    soonText: '本应用由您的平台提供，完整的功能正在准备中，上线后就在这里使用。',
    soonHome: '在此之前，桌面上的其他应用都可以照常使用。',
    pageSoon: '此页面即将上线。',
    notSignedIn: '未登录，请先从桌面登录',
    unreachable: '无法连接服务器',
    expired: '该模块已到期，请联系管理员！',
  },
  'zh-HK': {
    back: '返回桌面',
    signedInAs: '當前用戶',
    loading: '正在讀取…',
    soonTitle: '即將上線',
    soonText: '本應用由您的平台提供，完整的功能正在準備中，上線後就在這裏使用。',
    soonHome: '在此之前，桌面上的其他應用都可以照常使用。',
    pageSoon: '此頁面即將上線。',
    notSignedIn: '未登錄，請先從桌面登錄',
    unreachable: '無法連接服務器',
    expired: '該模塊已到期，請聯繫管理員！',
  },
  en: {
    back: 'Back to desktop',
    signedInAs: 'Signed in as',
    loading: 'Loading…',
    soonTitle: 'Coming soon',
    soonText:
      'This application is provided by your platform. Its full version is being prepared and will open here.',
    soonHome: 'Until then, the other applications on your desktop work as usual.',
    pageSoon: 'This page is coming soon.',
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
  // Server texts (the application's and the unit's names) as PH shows them once it has started:
  // in zh-HK in Traditional characters (docs/i18n.md).
  let serverText = (value) => value;
  let userText = null;
  // The application's name: its English one in English (spec §2 page header), else its Chinese.
  const nameLine = document.querySelector('[data-app-name]');
  const translate = () => {
    for (const element of document.querySelectorAll('[data-i18n]')) {
      element.textContent = text(element.dataset.i18n);
    }
    if (nameLine) {
      const name = serverText((lang === 'en' && body.dataset.englishName) || body.dataset.name || '');
      nameLine.textContent = name;
      document.title = name + ' · EduDesk';
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
  // The shared layer (PH) as a platform application uses it: the page's route checked against
  // the permitted menu list (spec §6), a route outside it answered by PH's not-found page.
  const phSection = document.getElementById('app-ph');
  const startPh = () => {
    const phUrl = phSection && phSection.dataset.ph;
    if (!phUrl) return;
    import(phUrl)
      .then(async (module) => {
        const PH = module.default;
        const code = body.dataset.appCode || '';
        await PH.init({ code: code, appCode: code });
        serverText = PH.i18n.serverText;
        translate();
        const h = PH.createElement;
        const routes = [{ path: '/', element: h('p', null, text('soonHome')) }].concat(
          Array.from(PH.hooks.usePermissions.getState().routes).map((route) => ({
            path: '/' + route,
            element: h('p', { 'data-route': route }, text('pageSoon')),
          })),
        );
        const Page = () =>
          h(PH.ui.RouteOutlet, {
            path: PH.route.hashRoute(PH.hooks.useHash()),
            routes: routes,
            checkMenuList: true,
            homeHref: '#/',
          });
        PH.mount(document.getElementById('app-ph-root'), h(Page));
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
      show(
        () =>
          text('signedInAs') +
          (lang === 'en' ? ': ' : '：') +
          me.realName +
          ' · ' +
          serverText(lang === 'en' && me.unitEnName ? me.unitEnName : me.unitName),
      );
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
.app-page__header{display:flex;align-items:center;gap:12px;padding:12px 24px;background:#fff;box-shadow:0 1px 4px rgba(15,23,42,.08)}
.app-page__icon{flex:none;border-radius:10px}
.app-page__title{margin:0;font-size:18px;font-weight:600;min-width:0;overflow-wrap:anywhere}
.app-page__back{display:inline-flex;align-items:center;gap:6px;height:32px;padding:0 14px;border:1px solid #d0d7e2;border-radius:6px;background:#fff;color:#1f2d3d;text-decoration:none;font-size:14px;white-space:nowrap}
.app-page__back::before{content:"";width:7px;height:7px;border-left:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg)}
.app-page__back:hover,.app-page__back:focus-visible{border-color:#2f5fb3;color:#2f5fb3;outline:none}
.app-page__back[hidden],.app-page__home[hidden]{display:none}
.app-page__header .app-page__back{margin-left:auto}
.app-page__main{display:flex;justify-content:center;padding:48px 24px}
.app-page__soon{width:100%;max-width:560px;padding:40px 32px;text-align:center;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,23,42,.06)}
.app-page__soon-icon{display:block;margin:0 auto 16px;border-radius:20px}
.app-page__soon h2{margin:0 0 12px;font-size:22px}
.app-page__soon p{margin:8px 0;line-height:1.7}
.app-page__soon-text{color:#3d4a5c}
.app-page__ph p{color:#5b6472;font-size:14px}
.app-page__ph h1,.app-page__ph h2{font-size:16px}
.app-page__user{color:#5b6472;font-size:13px}
.app-page__home{display:inline-flex;align-items:center;justify-content:center;min-height:40px;margin-top:20px;padding:0 24px;border-radius:6px;background:#2f5fb3;color:#fff;text-decoration:none;font-size:15px}
.app-page__home:hover,.app-page__home:focus-visible{background:#244b8f;outline:2px solid #9bb7e8;outline-offset:2px}
.app-page--mobile .app-page__header,.app-page__header{flex-wrap:nowrap}
@media (width <= 600px){.app-page__header{padding:10px 12px}.app-page__back{padding:0 10px}.app-page__main{padding:16px 12px}.app-page__soon{padding:28px 18px}.app-page__soon h2{font-size:20px}}
.app-page__blocked{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55);z-index:1500}
.app-page__blocked[hidden]{display:none}
.app-page__blocked-box{background:#fff;border-radius:8px;padding:24px 32px;text-align:center;font-size:16px;max-width:90vw}
.app-page__blocked-box p{margin:6px 0}
`;

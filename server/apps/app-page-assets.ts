/**
 * The script and style shared by the application pages. Plain browser code, served as is (no
 * build step): the pages must work without the web build.
 */

export const APP_PAGE_SCRIPT = `(() => {
  'use strict';
  const body = document.body;
  const userLine = document.getElementById('app-user');
  const blocked = document.getElementById('app-blocked');
  const getJson = (url) =>
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).then(
      (response) => response.json(),
    );
  const show = (text) => {
    if (userLine) userLine.textContent = text;
  };
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
        const routes = [{ path: '/', element: h('p', null, '应用首页 · App start') }].concat(
          Array.from(PH.hooks.usePermissions.getState().routes).map((route) => ({
            path: '/' + route,
            element: h('p', null, '页面 · Page /' + route),
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
            h(PH.ui.Access, { code: code + '_delete' }, h('button', { type: 'button' }, '删除 · Delete')),
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
        show('未登录，请先从桌面登录 · Not signed in: sign in from the desktop first');
        return undefined;
      }
      const me = answer.data;
      show(me.realName + ' · ' + me.unitName);
      startPh();
      const query = new URLSearchParams({ unitId: me.unitId, serverId: body.dataset.serverId || '' });
      return getJson('/api/base/license/unit?' + query.toString()).then((licence) => {
        // Not licensed or expired: the page is covered and cannot be used (spec §6).
        if (licence && licence.status === 200 && licence.data === false && blocked) {
          blocked.hidden = false;
        }
      });
    })
    .catch(() => show('无法连接服务器 · The server cannot be reached'));
})();
`;

export const APP_PAGE_STYLE = `*{box-sizing:border-box}
body.app-page{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif;background:#f4f6fa;color:#1f2d3d}
.app-page__header{display:flex;align-items:center;gap:16px;padding:16px 24px;background:#fff;box-shadow:0 1px 4px rgba(15,23,42,.08)}
.app-page__title{margin:0;font-size:20px}
.app-page__subtitle{margin:2px 0 0;color:#5b6472;font-size:14px}
.app-page__back{margin-left:auto;color:#2f5fb3;text-decoration:none;font-size:14px}
.app-page__back:hover,.app-page__back:focus-visible{text-decoration:underline}
.app-page__main{display:grid;gap:16px;max-width:880px;margin:24px auto;padding:0 24px}
.app-page__card{background:#fff;border-radius:8px;padding:16px 20px;box-shadow:0 1px 3px rgba(15,23,42,.06)}
.app-page__card h2{margin:0 0 8px;font-size:16px}
.app-page__card p{margin:6px 0;line-height:1.6}
.app-page__card span[lang=en]{color:#5b6472}
.app-page--mobile .app-page__header{flex-wrap:wrap;padding:12px 16px}
.app-page--mobile .app-page__main{margin:16px auto;padding:0 12px}
.app-page__blocked{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,.55);z-index:1500}
.app-page__blocked[hidden]{display:none}
.app-page__blocked-box{background:#fff;border-radius:8px;padding:24px 32px;text-align:center;font-size:16px;max-width:90vw}
.app-page__blocked-box p{margin:6px 0}
.app-page__ph{display:grid;gap:12px}
`;

import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../apps/html-escape';
import { STANDIN_PATHS } from './standin-config';

export interface StandinPage {
  title: string;
  /** HTML built only from escaped text (see `text`) and fixed markup. */
  body: string;
  /** Loads the stand-in's QR script (same origin, no inline script). */
  script?: boolean;
  /**
   * Who may frame the page: the QR pages may be embedded by any site, as the real ones are
   * (wxLogin.js puts them in an iframe); every other page by nobody.
   */
  frameAncestors?: string;
  /** Origins a form on the page may submit or be redirected to, besides the page's own. */
  formTargets?: string[];
}

/** Escapes text for HTML content and quoted attributes. */
export const text = escapeHtml;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.6 -apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#191919;background:#fff}
main{max-width:420px;margin:0 auto;padding:24px 20px;text-align:center}
h1{font-size:20px;font-weight:500;margin:8px 0 16px}
.en{color:#666;font-size:13px}
.qr{width:220px;height:220px;margin:0 auto;border:1px solid #e5e5e5;padding:6px;background:#fff}
@media (max-height:520px){main{padding:8px 12px}h1{font-size:17px;margin:2px 0 8px}.qr{width:180px;height:180px}.status{margin:8px 0 2px;min-height:2.8em}.badge{margin-bottom:2px}}
.qr svg{width:100%;height:100%;display:block}
.status{margin:14px 0 4px;min-height:3.2em}
.status p{margin:2px 0}
.status [data-for]{display:none}
#standin-qr[data-status="408"] [data-for="408"],#standin-qr[data-status="404"] [data-for="404"],
#standin-qr[data-status="405"] [data-for="405"],#standin-qr[data-status="403"] [data-for="403"],
#standin-qr[data-status="402"] [data-for="402"]{display:block}
#standin-qr[data-status="404"] .qr,#standin-qr[data-status="405"] .qr,#standin-qr[data-status="402"] .qr{opacity:.25}
.ok{color:#07c160;font-weight:500}
.warn{color:#fa5151;font-weight:500}
a{color:#576b95}
.phone-link{font-size:13px;margin-top:10px;word-break:break-all}
form{margin:0}
fieldset{border:0;padding:0;margin:16px 0;text-align:left}
legend{font-weight:500;margin-bottom:8px}
label.who{display:flex;align-items:center;gap:10px;padding:12px;border:1px solid #e5e5e5;border-radius:8px;margin:8px 0;cursor:pointer}
label.who small{color:#666;display:block;font-size:12px}
.buttons{display:flex;flex-direction:column;gap:10px;margin-top:20px}
button{font:inherit;font-size:16px;padding:11px;border-radius:8px;border:0;cursor:pointer}
button.primary{background:#07c160;color:#fff}
button.secondary{background:#f2f2f2;color:#191919}
.badge{display:inline-block;font-size:12px;color:#666;border:1px solid #e5e5e5;border-radius:4px;padding:0 6px;margin-bottom:8px}
`;

/** The stand-in banner: these pages imitate WeChat and WeCom but are not them. */
const BADGE = '<div class="badge">EduDesk 离线模拟 · offline stand-in</div>';

export function renderPage(page: StandinPage): string {
  const script = page.script ? `<script src="${STANDIN_PATHS.script}" defer></script>` : '';
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${text(page.title)}</title><style>${STYLE}</style>${script}</head>
<body><main>${BADGE}${page.body}</main></body></html>`;
}

export function pageCsp(page: StandinPage): string {
  const forms = ["'self'", ...(page.formTargets ?? [])].join(' ');
  return [
    "default-src 'none'",
    page.script ? "script-src 'self'" : "script-src 'none'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "style-src 'unsafe-inline'",
    `form-action ${forms}`,
    "base-uri 'none'",
    `frame-ancestors ${page.frameAncestors ?? "'none'"}`,
  ].join('; ');
}

export function sendStandinPage(
  reply: FastifyReply,
  status: number,
  page: StandinPage,
): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', pageCsp(page))
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderPage(page));
}

/** A page that says what went wrong, in Chinese as the real one, with an English line. */
export function sendErrorPage(
  reply: FastifyReply,
  status: number,
  error: { title: string; zh: string; en: string; errcode?: number },
  frameAncestors?: string,
): FastifyReply {
  const code = error.errcode === undefined ? '' : `<p>错误码：${String(error.errcode)}</p>`;
  return sendStandinPage(reply, status, {
    title: error.title,
    frameAncestors,
    body: `<h1>${text(error.title)}</h1><p class="warn">${text(error.zh)}</p>${code}<p class="en" lang="en">${text(error.en)}</p>`,
  });
}

export interface QrPageView {
  heading: string;
  scanHint: string;
  svg: string;
  phoneUrl: string;
  pollUrl: string;
  redirectUri: string;
  state: string | undefined;
  selfRedirect: boolean;
}

/**
 * The QR page: the code (an SVG drawn on the server), the phone page's address as a link for
 * whoever has no phone at hand, and the status lines the script switches between.
 */
export function qrPageBody(view: QrPageView): string {
  const state = view.state === undefined ? '' : ` data-state="${text(view.state)}"`;
  return `<div id="standin-qr" data-status="408" data-poll="${text(view.pollUrl)}" data-redirect="${text(view.redirectUri)}"${state} data-self-redirect="${view.selfRedirect ? 'true' : 'false'}">
<h1>${text(view.heading)}</h1>
<div class="qr" role="img" aria-label="二维码 QR code">${view.svg}</div>
<div class="status" aria-live="polite">
<div data-for="408"><p>${text(view.scanHint)}</p><p class="en" lang="en">Scan the QR code with the phone to sign in</p></div>
<div data-for="404"><p class="ok">扫描成功</p><p>请在手机上确认登录</p><p class="en" lang="en">Scanned: confirm on the phone</p></div>
<div data-for="405"><p class="ok">已确认，正在登录…</p><p class="en" lang="en">Confirmed, signing in…</p><p><a id="standin-continue" href="#">继续 Continue</a></p></div>
<div data-for="403"><p class="warn">您已取消此次登录</p><p>您可再次扫描登录，或关闭窗口</p><p class="en" lang="en">Cancelled on the phone: scan again to sign in</p></div>
<div data-for="402"><p class="warn">二维码已失效</p><p><a id="standin-refresh" href="#">刷新二维码 Refresh</a></p></div>
</div>
<p class="phone-link">没有手机？<a href="${text(view.phoneUrl)}" title="${text(view.phoneUrl)}" target="_blank" rel="noopener">在新标签页打开“手机”确认页 · Open the phone page</a></p>
</div>`;
}

export interface Choice {
  key: string;
  label: string;
  detail: string;
}

/** Radio buttons of identities (the first one checked). */
export function choicesHtml(name: string, choices: Choice[]): string {
  return choices
    .map(
      (choice, index) =>
        `<label class="who"><input type="radio" name="${name}" value="${text(choice.key)}"${index === 0 ? ' checked' : ''} required><span>${text(choice.label)}<small>${text(choice.detail)}</small></span></label>`,
    )
    .join('');
}

/** Hidden form fields. */
export function hiddenHtml(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${text(name)}" value="${text(value)}">`)
    .join('');
}

/**
 * The QR page's script, served as a file of this server so the page's CSP allows it
 * (script-src 'self'): it long-polls the status, shows it, and on confirmation goes to
 * redirect_uri?code=CODE&state=STATE, in the top window unless self_redirect=true (as wxLogin.js
 * embeds the page). The address it goes to was checked by the server when it drew the page.
 */
export const QR_PAGE_SCRIPT = `(function () {
  'use strict';
  var root = document.getElementById('standin-qr');
  if (!root) return;
  var poll = root.getAttribute('data-poll');
  var target = root.getAttribute('data-redirect');
  var state = root.getAttribute('data-state');
  var selfRedirect = root.getAttribute('data-self-redirect') === 'true';
  var last = '';
  var refresh = document.getElementById('standin-refresh');
  if (refresh) refresh.addEventListener('click', function (event) { event.preventDefault(); location.reload(); });
  function show(status) { root.setAttribute('data-status', status); }
  function finish(code) {
    var url = new URL(target);
    url.searchParams.set('code', code);
    if (state !== null) url.searchParams.set('state', state);
    var link = document.getElementById('standin-continue');
    if (link) { link.setAttribute('href', url.href); link.setAttribute('target', selfRedirect ? '_self' : '_top'); }
    show('405');
    try {
      if (selfRedirect || window.top === window.self) window.location.assign(url.href);
      else window.top.location.assign(url.href);
    } catch (error) {
      // A cross-origin frame may not move the top window without a click: the link stays.
    }
  }
  function next(delay) { window.setTimeout(ask, delay); }
  function ask() {
    var url = poll + '&last=' + encodeURIComponent(last) + '&_=' + Date.now();
    fetch(url, { cache: 'no-store', credentials: 'omit' })
      .then(function (response) { return response.text(); })
      .then(function (body) {
        var match = /window\\.wx_errcode=(\\d+);window\\.wx_code='([A-Za-z0-9_-]*)';/.exec(body);
        if (!match) { next(2000); return; }
        var status = match[1];
        if (status === '405' && match[2]) { finish(match[2]); return; }
        if (status === '402') { show('402'); return; }
        if (status !== '408') { last = status; show(status); }
        next(0);
      })
      .catch(function () { next(2000); });
  }
  next(0);
})();
`;

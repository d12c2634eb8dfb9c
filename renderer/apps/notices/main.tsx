/**
 * Notices (通知公告), the reference server's platform application, built only on PH: it is a
 * bundle of its own (vite.apps.config.ts) that loads PH from the platform like any
 * application (./ph.ts) and renders with PH's React and antd (JSX through ./jsx-runtime.ts,
 * PH.antd) and the PH kit. Types come from PH's declarations (type-only imports).
 */
import { NOTICE_CODES } from '../../../contract/notice-api';
import { ListView } from './list-view';
import { MobileList } from './mobile-list';
import { NoticesApp } from './notices-app';
import { PH, root } from './ph';
import { StatsView } from './stats-view';
import { NOTICE_TEXTS } from './texts';
import noticeStyles from './notices.css?inline';

function addTexts(): void {
  for (const [lang, texts] of Object.entries(NOTICE_TEXTS)) {
    PH.i18n.addTexts(lang as 'zh-CN' | 'zh-HK' | 'en', texts);
  }
}

/**
 * Notices' own styles (./notices.css), after the page's base styles so that they may restyle them;
 * inline, as the page's are (its policy allows inline styles, docs/ph.md "The rules").
 */
function addStyles(): void {
  const style = document.createElement('style');
  style.textContent = noticeStyles;
  document.head.append(style);
}

async function start(): Promise<void> {
  addStyles();
  addTexts();
  const mobile = document.body.dataset.device === 'mobile';
  // Routes first with placeholders: PH.init filters them by the permission codes (async).
  const context = await PH.init({
    code: 'tzgg',
    appCode: 'tzgg',
    appName: document.title,
    mobile,
    langList: ['zh-CN', 'zh-HK', 'en'],
    routerType: 'async',
    router: [
      { path: '/', meta: { code: NOTICE_CODES.list }, element: null },
      { path: '/list', meta: { code: NOTICE_CODES.list }, element: null },
      { path: '/stats', meta: { code: NOTICE_CODES.list }, element: null },
    ],
  });
  // Again now that PH.init has set up the layer's i18next and its language files.
  addTexts();
  const list = mobile ? <MobileList /> : <ListView publisher={context.user?.realName ?? ''} />;
  const stats = mobile ? list : <StatsView />;
  context.routes = context.routes.map((route) => ({
    ...route,
    element: route.path === '/stats' ? stats : list,
  }));
  PH.mount(root, <NoticesApp context={context} />);
}

void start();

/**
 * The application's start: PH.init (a visitor without a session is sent to sign in and comes
 * back), its texts, and the page drawn with PH's React (docs/ph.md "Your first application").
 */
import { ItemsView } from './items-view';
import { PH, root } from './ph';
import { APP_CODE, CODES, key, TEXTS } from './texts';

const { AppRouter, LanguageSwitcher } = PH.ui;

function addTexts(): void {
  for (const [lang, texts] of Object.entries(TEXTS)) {
    PH.i18n.addTexts(lang as keyof typeof TEXTS, texts);
  }
}

function Title() {
  const t = PH.hooks.useT();
  return <h1 className="app-title">{t(key('title'))}</h1>;
}

async function start(): Promise<void> {
  addTexts();
  const context = await PH.init({
    code: APP_CODE,
    appCode: APP_CODE,
    appName: document.title,
    langList: ['zh-CN', 'zh-HK', 'en'],
    routerType: 'async',
    router: [
      { path: '/', meta: { code: CODES.list }, element: <ItemsView /> },
      { path: '/list', meta: { code: CODES.list }, element: <ItemsView /> },
    ],
  });
  // Again now that PH.init has set up the layer's i18next and its language files.
  addTexts();
  PH.mount(
    root,
    <div className="app">
      <header className="ph-app-header app-header">
        <Title />
        <LanguageSwitcher languages={context.langList.map((option) => option.value)} />
      </header>
      <main className="app-main">
        <AppRouter routes={context.routes} checkMenuList={false} />
      </main>
    </div>,
  );
}

void start();

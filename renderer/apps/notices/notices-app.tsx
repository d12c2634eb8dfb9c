import { PH, Segmented, type PhContext } from './ph';

const { AppRouter, LanguageSwitcher } = PH.ui;

/** The page: the header (title, list or statistics, language) and the route of the hash. */
export function NoticesApp({ context }: { context: PhContext }) {
  const t = PH.hooks.useT();
  const path = PH.route.hashRoute(PH.hooks.useHash());
  // On a route the application does not have (PH's not-found page) neither is chosen.
  const tab = path === '/stats' ? 'stats' : path === '/' || path === '/list' ? 'list' : '';
  return (
    <div className={context.mobile ? 'notices notices--mobile' : 'notices'}>
      <header className="ph-app-header notices-header">
        <h1>{t('notices.title')}</h1>
        {context.mobile ? null : (
          <Segmented
            aria-label={t('notices.title')}
            value={tab}
            options={[
              { value: 'list', label: t('notices.list') },
              { value: 'stats', label: t('notices.stats') },
            ]}
            onChange={(value: unknown) => {
              window.location.hash = value === 'stats' ? '#/stats' : '#/list';
            }}
          />
        )}
        <LanguageSwitcher languages={context.langList.map((option) => option.value)} />
      </header>
      <main className="notices-main">
        <AppRouter routes={context.routes} checkMenuList={false} />
      </main>
    </div>
  );
}

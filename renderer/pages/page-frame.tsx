import { useTranslation } from 'react-i18next';

/**
 * A full-page loading state with its reason announced to screen readers. A CSS spinner: the
 * login page shows it first, before any component library is needed.
 */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('ui.loading');
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading__spinner" aria-hidden />
      <span className="page-loading__text">{text}</span>
    </div>
  );
}

/** What a page that needs a session shows while its login check runs. */
export function CheckingSignIn() {
  const { t } = useTranslation();
  return <PageLoading label={t('login.checking')} />;
}

/** A page whose code could not be downloaded: the reason, and a button to load it again. */
export function PageLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="alert">
      <span className="page-loading__text">{t('ui.pageLoadFailed.text')}</span>
      <button
        type="button"
        className="page-loading__reload"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('ui.pageLoadFailed.reload')}
      </button>
    </div>
  );
}

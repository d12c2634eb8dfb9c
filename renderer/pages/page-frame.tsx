import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PartFailed, PartLoadError } from '../ui/lazy-part';
import './page-frame.css';

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

/**
 * A page whose code could not be downloaded: the network error and Retry, which downloads it
 * again without reloading the page (what the user typed in the address stays).
 */
export function PageLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="page-loading">
      <PartFailed error={new PartLoadError(error)} onRetry={onRetry} />
    </div>
  );
}

/**
 * A landing page's status line for the confirmation of the login that brought the user there,
 * read to screen readers (use-signed-in.ts useLoginConfirmation fills it); the page itself
 * shows the login worked.
 */
export function LoginConfirmation({ ref }: { ref: RefObject<HTMLParagraphElement | null> }) {
  return <p ref={ref} className="visually-hidden" role="status" />;
}

import { useTranslation } from 'react-i18next';
import './not-found.css';

export interface NotFoundProps {
  /** Where "back" leads; the current page's own start when not given. */
  homeHref?: string;
  /** The link's text; "back to the start page" when not given. */
  homeLabel?: string;
}

/** The catch-all not-found page (spec §6): a route that does not exist or is not permitted. */
export function NotFound({ homeHref = '#/', homeLabel }: NotFoundProps) {
  const { t } = useTranslation();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden>
        404
      </p>
      <h1 id="not-found-title" className="not-found__title">
        {t('ui.notFound.title')}
      </h1>
      <p className="not-found__text">{t('ui.notFound.text')}</p>
      <a className="not-found__home" href={homeHref}>
        {homeLabel ?? t('ui.notFound.home')}
      </a>
    </section>
  );
}

import { useEffect } from 'react';
import { useQuery } from '../../core/query/use-query';
import { useTranslation } from 'react-i18next';
import { currentUserQuery, useSession } from '../../core/session/session-store';
import { NotFound } from '../../ui/access/not-found';
import { PageLoading } from '../page-frame';
import { desktopUrl } from '../navigation';

/**
 * The platform's not-found page (spec §2): an application page outside the user's permitted
 * menu list, a page the user's type may not open (the tm page for types 1 and 3), or an address
 * that is no page at all. It says so in the user's language and leads back to their desktop, or
 * to the login page for a visitor without a session; it never moves on by itself.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  // Who is signed in decides where the page leads back to.
  const checked = useQuery(currentUserQuery()).status !== 'pending';

  useEffect(() => {
    document.title = `${t('ui.notFound.title')} · EduDesk`;
  }, [t]);

  if (!checked) return <PageLoading />;
  return (
    <main className="not-found-page">
      {user === null ? (
        <NotFound homeHref="/login" homeLabel={t('notFoundPage.signIn')} />
      ) : (
        <NotFound homeHref={desktopUrl(user)} homeLabel={t('ui.notFound.desktop')} />
      )}
    </main>
  );
}
